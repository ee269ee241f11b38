/**
 * A forgiving HTML reader for imported pages: text and elements (with the attributes asked for) as a small tree,
 * enough to find a page's main text, headings and links. Not a full HTML5 tree builder: an end tag closes the nearest
 * open element of its name (a stray one is ignored); scripts, styles, SVG, templates, noscript and iframes are kept as
 * empty elements, their content skipped; comments dropped. Tokens come from markup-tokens.ts (linear in the page, read
 * in chunks with yields between them); the tree is at most MAX_DEPTH deep, so nothing that walks it recurses as deep
 * as a hostile page nests, and walkTree walks it in pieces too.
 */
import { yieldToOtherRequests } from "../call/cooperative";
import { characterOf, tokenize } from "./markup-tokens";

export interface HtmlElement {
  name: string;
  attributes: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Elements whose content is never a page's text (the tokenizer reads scripts and styles as text already). */
const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "iframe"]);
/**
 * Elements nest at most this deep (real pages stay well under a hundred). Deeper, each new element takes the place of
 * the deepest one (closing it early, as a sibling of it): their text, headings and links are all kept, only their
 * nesting is not.
 */
export const MAX_DEPTH = 256;
/**
 * Elements a page is read as at most, so that a hostile page's hundreds of thousands of tags take neither the
 * isolate's memory nor its time; past them, tags are left out and their text kept. Lighthouse already calls 1,400
 * elements excessive; site builders' pages stay within a few thousand.
 */
export const MAX_ELEMENTS = 20_000;

/** Attributes of an element that has none yet (shared: an element's own object is made at its first attribute). */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});
/**
 * Text pieces held before they join their element's text: a page of broken entities comes as hundreds of thousands of
 * pieces, and adding each to a string made a rope that deep, slow to read and to collect.
 */
const TEXT_PIECES = 1_024;

export interface ParseOptions {
  /** The attribute names kept (lower case); every attribute when not given. A page's others are not even read. */
  attributes?: ReadonlySet<string>;
}

/** The document as a tree under a root element named `#document`. */
export async function parseHtml(html: string, options: ParseOptions = {}): Promise<HtmlElement> {
  const kept = options.attributes;
  const longestKept = kept ? Math.max(0, ...[...kept].map((name) => name.length)) : Number.POSITIVE_INFINITY;
  const root: HtmlElement = { name: "#document", attributes: NO_ATTRIBUTES, children: [] };
  const open: HtmlElement[] = [root];
  /** While in an element whose content is skipped: its name and how many of that name are open inside it. */
  let skipping: { name: string; open: number } | null = null;
  let elements = 0;
  let tag: HtmlElement | null = null;
  /** The attribute being read, null when it is not kept (or its tag is left out). */
  let attribute: string | null = null;
  let value: string[] = [];
  /** Text of the innermost open element not yet in its children. */
  let pending: string[] = [];

  /** The pending text into the innermost open element: before it changes, and every TEXT_PIECES pieces. */
  const placeText = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    const children = open.at(-1)!.children;
    const last = children.length - 1;
    if (typeof children[last] === "string") children[last] += text;
    else children.push(text);
  };
  const addText = (text: string) => {
    if (skipping) return;
    pending.push(text);
    if (pending.length === TEXT_PIECES) placeText();
  };
  const nameAt = (start: number, end: number) => html.slice(start, end).toLowerCase();
  /** How many open elements have each name, so an end tag with none open costs nothing. */
  const openNamed = new Map<string, number>();
  const count = (name: string, by: number) => openNamed.set(name, (openNamed.get(name) ?? 0) + by);
  const startTag = (name: string) => {
    if (skipping) {
      if (name === skipping.name) skipping.open += 1;
    } else if (elements === MAX_ELEMENTS) {
      if (SKIPPED.has(name)) skipping = { name, open: 1 };
      // The tag is left out, but it still parts the words on either side (a heading from its paragraph).
      else addText(" ");
    } else {
      elements += 1;
      tag = { name, attributes: NO_ATTRIBUTES, children: [] };
    }
  };
  const endStartTag = () => {
    if (!tag) return;
    const opened: HtmlElement = tag;
    tag = null;
    placeText();
    const empty = SKIPPED.has(opened.name) || VOID.has(opened.name);
    // open[0] is the document, not an element of the page.
    if (!empty && open.length > MAX_DEPTH) count(open.pop()!.name, -1);
    open.at(-1)!.children.push(opened);
    if (SKIPPED.has(opened.name)) skipping = { name: opened.name, open: 1 };
    if (empty) return;
    open.push(opened);
    count(opened.name, 1);
  };
  const endTag = (name: string) => {
    if (skipping) {
      if (name === skipping.name && --skipping.open === 0) skipping = null;
      return;
    }
    if (!openNamed.get(name)) return;
    placeText();
    while (open.length > 1) {
      const closed = open.pop()!;
      count(closed.name, -1);
      if (closed.name === name) return;
    }
  };
  const startAttribute = (start: number, end: number) => {
    value = [];
    // A name longer than any kept one is not even sliced: a hostile tag may hold hundreds of thousands of them.
    const name = tag && end - start <= longestKept ? nameAt(start, end) : null;
    attribute = name !== null && (!kept || kept.has(name)) ? name : null;
  };

  await tokenize(html, "html", {
    ontext: (start, end) => addText(html.slice(start, end)),
    ontextentity: (codePoint) => addText(characterOf(codePoint)),
    onopentagname: (start, end) => startTag(nameAt(start, end)),
    onattribname: startAttribute,
    onattribdata: (start, end) => {
      if (attribute !== null) value.push(html.slice(start, end));
    },
    onattribentity: (codePoint) => {
      if (attribute !== null) value.push(characterOf(codePoint));
    },
    onattribend: () => {
      if (!tag || attribute === null || Object.hasOwn(tag.attributes, attribute)) return;
      if (tag.attributes === NO_ATTRIBUTES) tag.attributes = {};
      tag.attributes[attribute] = value.join("");
      attribute = null;
    },
    // `<div/>` opens a div, as in browsers: only void elements are empty.
    onopentagend: endStartTag,
    onselfclosingtag: endStartTag,
    onclosetag: (start, end) => endTag(nameAt(start, end)),
  });
  placeText();
  return root;
}

/**
 * Elements a walk of the tree visits between two yields: a page of MAX_ELEMENTS elements is walked in about ten
 * pieces. Each walk held the isolate for a few ms, and extracting a page walked it several times in one stretch of
 * 10 to 20 ms, which every request waiting beside an import waited out.
 */
export const ELEMENTS_PER_YIELD = 2_048;

/** What a walk does at each node: `enter` says whether to go inside an element (`leave` is called only if it did). */
export interface TreeVisitor {
  enter(element: HtmlElement): boolean;
  leave?(element: HtmlElement): void;
  text?(text: string): void;
}

/** `node` and everything inside it, in document order, yielding to other requests every ELEMENTS_PER_YIELD elements. */
export async function walkTree(node: HtmlElement, visitor: TreeVisitor): Promise<void> {
  if (!visitor.enter(node)) return;
  const open: { element: HtmlElement; next: number }[] = [{ element: node, next: 0 }];
  let visited = 0;
  while (open.length > 0) {
    const frame = open.at(-1)!;
    if (frame.next === frame.element.children.length) {
      open.pop();
      visitor.leave?.(frame.element);
      continue;
    }
    const child = frame.element.children[frame.next++]!;
    if (typeof child === "string") {
      visitor.text?.(child);
      continue;
    }
    if (++visited % ELEMENTS_PER_YIELD === 0) await yieldToOtherRequests();
    if (visitor.enter(child)) open.push({ element: child, next: 0 });
  }
}

/** An element's text, as written (whitespace and all). */
export function textOf(node: HtmlNode): string {
  const texts: string[] = [];
  const pending: HtmlNode[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === "string") texts.push(next);
    else for (let index = next.children.length - 1; index >= 0; index--) pending.push(next.children[index]!);
  }
  return texts.join("");
}
