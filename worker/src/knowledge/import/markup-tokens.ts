/**
 * A website's HTML or XML as a stream of tokens (tags, attributes, text), by htmlparser2's tokenizer: one pass, start
 * to end, in time linear in the text whatever it holds (a tag that never closes, an unclosed comment, a script full of
 * near end tags), and character references decoded as HTML5 says. Whoever reads the tokens keeps any structure.
 */
import { Tokenizer } from "htmlparser2";

type Callbacks = ConstructorParameters<typeof Tokenizer>[1];
/** What to do with each kind of token, as the tokenizer reports it (offsets into the text); the others are dropped. */
export type TokenHandlers = Partial<Callbacks>;

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
export function tokenize(text: string, mode: "html" | "xml", handlers: TokenHandlers): void {
  const tokenizer = new Tokenizer({ xmlMode: mode === "xml", decodeEntities: true }, { ...NONE, ...handlers });
  tokenizer.write(text);
  tokenizer.end();
}

/** A decoded character reference's code point as text (the decoder has already replaced invalid ones with U+FFFD). */
export const characterOf = (codePoint: number) => String.fromCodePoint(codePoint);
