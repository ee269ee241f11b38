/**
 * A forgiving HTML reader for imported pages: text and elements (with their attributes) as a small tree, enough to
 * find a page's main text, headings and links. Not a full HTML5 parser: an end tag closes the nearest open element of
 * its name (a stray one is ignored), raw-text elements (script, style) are skipped whole, comments dropped.
 */

export interface HtmlElement {
  name: string;
  attributes: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "noscript", "template", "svg", "iframe"]);
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  reg: "®",
  trade: "™",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  euro: "€",
  pound: "£",
  middot: "·",
  bull: "•",
  eacute: "é",
  egrave: "è",
  aacute: "á",
  oacute: "ó",
  iacute: "í",
  uacute: "ú",
  ntilde: "ñ",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
};

/** Character references (`&amp;`, `&#233;`, `&#xe9;`) as the characters they name; an unknown name stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;

/** The document as a tree under a root element named `#document`. */
export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { name: "#document", attributes: {}, children: [] };
  const open: HtmlElement[] = [root];
  const lower = html.toLowerCase();
  let at = 0;
  const text = (until: number) => {
    if (until > at) open.at(-1)!.children.push(decodeEntities(html.slice(at, until)));
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    text(match.index);
    at = TAG.lastIndex;
    const name = match[2]?.toLowerCase();
    if (!name) continue;
    if (match[1]) {
      const index = open.findLastIndex((element) => element.name === name);
      if (index > 0) open.length = index;
      continue;
    }
    const element: HtmlElement = { name, attributes: attributesOf(match[3] ?? ""), children: [] };
    open.at(-1)!.children.push(element);
    if (RAW_TEXT.has(name)) {
      // Its content is text up to its own end tag (a `<` inside a script is not a tag).
      const end = lower.indexOf(`</${name}`, at);
      const stop = end === -1 ? html.length : end;
      if (name === "title" || name === "textarea") element.children.push(decodeEntities(html.slice(at, stop)));
      const close = end === -1 ? html.length : html.indexOf(">", end) + 1 || html.length;
      at = close;
      TAG.lastIndex = close;
      continue;
    }
    if (!VOID.has(name) && !/\/\s*$/.test(match[3] ?? "")) open.push(element);
  }
  text(html.length);
  return root;
}

/** Every element in document order, `node` included, not descending into elements `skip` refuses. */
export function* elementsOf(node: HtmlElement, skip: (element: HtmlElement) => boolean = () => false): Generator<HtmlElement> {
  yield node;
  for (const child of node.children) if (typeof child !== "string" && !skip(child)) yield* elementsOf(child, skip);
}

/** The first element named `name`, in document order. */
export const firstElement = (node: HtmlElement, name: string): HtmlElement | undefined => {
  for (const element of elementsOf(node)) if (element.name === name) return element;
  return undefined;
};

/** An element's text, whitespace collapsed. */
export function textOf(node: HtmlNode): string {
  if (typeof node === "string") return node.replace(/\s+/g, " ");
  return node.children.map(textOf).join("").replace(/\s+/g, " ");
}
