/**
 * A website's HTML or XML as a stream of tokens (tags, attributes, text), by htmlparser2's tokenizer: one pass, start
 * to end, in time linear in the text whatever it holds (a tag that never closes, an unclosed comment, a script full of
 * near end tags), and character references decoded as HTML5 says. Whoever reads the tokens keeps any structure.
 * The text is fed in chunks with a yield between them (cooperative.ts), so a 2 MB page never holds the isolate for
 * more than one chunk's work.
 */
import { Tokenizer } from "htmlparser2";
import { yieldToOtherRequests } from "../call/cooperative";

type Callbacks = ConstructorParameters<typeof Tokenizer>[1];
/**
 * What to do with each kind of token, as the tokenizer reports it; the others are dropped. Offsets index the whole
 * text (the tokenizer counts across chunks); a text or attribute value may come in several pieces, split where a
 * chunk ends.
 */
export type TokenHandlers = Partial<Callbacks>;

/**
 * Characters read between two yields: a fraction of a millisecond of the tokenizer's work in Node, more with what reads
 * the tokens under workerd, so 128 yields for the import's 2 MB. At 64 KB a request waiting beside an import waited
 * 3.7 times as long at p99 as beside none (bench:reliability item 21), at 16 KB 2.1 times; 8 KB cost more in yields
 * than it saved.
 */
export const CHUNK_CHARS = 16 * 1024;

const ignore = () => {};
const NONE: Callbacks = {
  onattribdata: ignore,
  onattribentity: ignore,
  onattribend: ignore,
  onattribname: ignore,
  oncdata: ignore,
  onclosetag: ignore,
  oncomment: ignore,
  ondeclaration: ignore,
  onend: ignore,
  onopentagend: ignore,
  onopentagname: ignore,
  onprocessinginstruction: ignore,
  onselfclosingtag: ignore,
  ontext: ignore,
  ontextentity: ignore,
};

/** Reads `text` as HTML (script, style, title and textarea as text) or as XML, calling `handlers` as it goes. */
export async function tokenize(text: string, mode: "html" | "xml", handlers: TokenHandlers, chunkChars = CHUNK_CHARS): Promise<void> {
  const tokenizer = new Tokenizer({ xmlMode: mode === "xml", decodeEntities: true }, { ...NONE, ...handlers, ...wholeAttributeValues(handlers) });
  for (let start = 0; start < text.length; start += chunkChars) {
    if (start > 0) await yieldToOtherRequests();
    tokenizer.write(text.slice(start, start + chunkChars));
  }
  tokenizer.end();
}

/**
 * An attribute value's pieces held until the attribute ends: the tokenizer reports what a chunk holds of a value as it
 * ends, and a value the text never closes has no end, so without this a document read in chunks would report pieces of
 * a value that, read whole, it never reports.
 */
function wholeAttributeValues(handlers: TokenHandlers): Pick<Callbacks, "onattribdata" | "onattribentity" | "onattribend"> {
  let pieces: (() => void)[] = [];
  return {
    onattribdata: (start, endIndex) => pieces.push(() => handlers.onattribdata?.(start, endIndex)),
    onattribentity: (codePoint) => pieces.push(() => handlers.onattribentity?.(codePoint)),
    onattribend: (quote, endIndex) => {
      for (const piece of pieces) piece();
      pieces = [];
      handlers.onattribend?.(quote, endIndex);
    },
  };
}

/** A decoded character reference's code point as text (the decoder has already replaced invalid ones with U+FFFD). */
export const characterOf = (codePoint: number) => String.fromCodePoint(codePoint);
