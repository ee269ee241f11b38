/**
 * A page's main text as knowledge sections (issue 39 §2): the page's `main` (else its articles, else its body), without
 * its chrome (page-chrome.ts: navigation, header, footer, asides, scripts, styles, menus of links), split at each
 * heading (the heading is the section's title, the text up to the next heading its body). Also the page's links, for finding the site's other pages.
 */
import { IMPORT_LIMITS } from "@nikki/core";
import { yieldToOtherRequests } from "./cooperative";
import { type HtmlElement, type HtmlNode, elementsOf, firstElement, parseHtml, textOf } from "./html-tree";
import { isChrome, menusIn } from "./page-chrome";

export interface PageSection {
  title: string;
  body: string;
}

export interface ExtractedPage {
  title: string;
  sections: PageSection[];
  /** Every link's href as written (relative ones too), in document order. */
  links: string[];
}

/** A section's body at most (core's, which every plan's entry length holds): longer text is cut at a line into sections of the same title, "(continued)". */
export const SECTION_BODY_MAX = IMPORT_LIMITS.sectionChars;
const TITLE_MAX = 200;
/** Sections one page gives at most (each is a knowledge entry written to the database): the rest of a longer page is left. */
export const PAGE_SECTIONS_MAX = 200;

const BLOCK = new Set([
  ..."p div section article main header li ul ol dl dt dd table thead tbody tr td th blockquote pre figure figcaption address details summary br hr".split(" "),
]);
const HEADING = /^h[1-6]$/;

/** The attributes the extractor reads; a page's others are left unread. */
const READ_ATTRIBUTES: ReadonlySet<string> = new Set(["href", "role", "hidden", "aria-hidden"]);
const LINK_ATTRIBUTES: ReadonlySet<string> = new Set(["href"]);

/** The `name` elements under `node` not inside another one, not looking inside what `skip` refuses. */
function outermost(node: HtmlElement, name: string, skip: (element: HtmlElement) => boolean): HtmlElement[] {
  return node.children.flatMap((child) => {
    if (typeof child === "string" || skip(child)) return [];
    return child.name === name ? [child] : outermost(child, name, skip);
  });
}

/** Where the main text is: `main` (or role=main), else the outermost articles, else the body. */
function mainParts(document: HtmlElement): { parts: HtmlElement[]; insideMain: boolean } {
  const skipChrome = (element: HtmlElement) => isChrome(element, false);
  for (const element of elementsOf(document, skipChrome)) {
    if (element.name === "main" || element.attributes.role === "main") return { parts: [element], insideMain: true };
  }
  const articles = outermost(document, "article", skipChrome);
  if (articles.length > 0) return { parts: articles, insideMain: true };
  return { parts: [firstElement(document, "body") ?? document], insideMain: false };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * `raw` as one line: each run of whitespace one space, trimmed, clipped to `max`. Only as much of `raw` is read as the
 * line keeps: collapsing only shortens, so a part of `raw` gives the line's first characters as the whole would, and
 * once that part's line is longer than `max`, so is the whole's (a hostile page's one paragraph of 2 MB costs 4 KB).
 */
function lineOf(raw: string, max: number): string {
  const start = raw.search(/\S/);
  if (start === -1) return "";
  for (let length = max + 1; ; length *= 2) {
    const end = start + length;
    const line = raw.slice(start, end).replace(/\s+/g, " ");
    if (end >= raw.length) return clip(line.trimEnd(), max);
    if (line.trimEnd().length > max) return clip(line, max);
  }
}

/** Long bodies cut at line ends into parts of at most SECTION_BODY_MAX characters (no line is longer). */
function bodyParts(lines: string[]): string[] {
  const parts: string[] = [];
  let part = "";
  for (const line of lines) {
    if (part && part.length + 1 + line.length > SECTION_BODY_MAX) {
      parts.push(part);
      part = "";
    }
    part = part ? `${part}\n${line}` : line;
  }
  if (part) parts.push(part);
  return parts;
}

/** The sections of `parts`' text: a new one at each heading; text before the first heading goes under `firstTitle`. */
function sectionsOf(parts: HtmlElement[], insideMain: boolean, firstTitle: string): PageSection[] {
  const menus = menusIn(parts, insideMain);
  let headed = false;
  const gathered: { title: string; lines: string[] }[] = [{ title: firstTitle, lines: [] }];
  let line = "";
  const endLine = () => {
    const text = lineOf(line, SECTION_BODY_MAX);
    if (text) gathered.at(-1)!.lines.push(text);
    line = "";
  };
  const walk = (node: HtmlNode) => {
    if (typeof node === "string") {
      line += node;
      return;
    }
    if (isChrome(node, insideMain)) return;
    // Inside `main`, a list of links under a heading is the page's own (a catalogue's items); before any, a menu.
    if (menus.has(node) && !(insideMain && headed)) return;
    if (HEADING.test(node.name)) {
      headed = true;
      endLine();
      gathered.push({ title: lineOf(textOf(node), TITLE_MAX), lines: [] });
      return;
    }
    const block = BLOCK.has(node.name);
    if (block) endLine();
    for (const child of node.children) walk(child);
    if (block) endLine();
  };
  for (const part of parts) {
    walk(part);
    endLine();
  }
  return gathered
    .flatMap(({ title, lines }) =>
      bodyParts(lines).map((body, index) => ({ title: index === 0 ? title || firstTitle : `${title || firstTitle} (continued)`, body })),
    )
    .slice(0, PAGE_SECTIONS_MAX);
}

/** Every link's href in the tree, as written (trimmed), in document order. */
const linksOf = (document: HtmlElement) =>
  [...elementsOf(document)].filter((element) => element.name === "a" && element.attributes.href).map((element) => element.attributes.href!.trim());

/** The page's title, sections and links; `fallbackTitle` names text before any heading on a page without a <title>. */
export async function extractPage(html: string, fallbackTitle: string): Promise<ExtractedPage> {
  const document = await parseHtml(html, { attributes: READ_ATTRIBUTES });
  // The walks below (a few ms over MAX_ELEMENTS elements) apart from the parse's last chunk.
  await yieldToOtherRequests();
  const titleElement = firstElement(document, "title");
  const title = lineOf(titleElement ? textOf(titleElement) : "", TITLE_MAX) || fallbackTitle;
  const { parts, insideMain } = mainParts(document);
  return { title, sections: sectionsOf(parts, insideMain, title), links: linksOf(document) };
}

/** The page's links alone, as extractPage finds them (its text is not cut into sections). */
export const pageLinks = async (html: string): Promise<string[]> => linksOf(await parseHtml(html, { attributes: LINK_ATTRIBUTES }));

/** The text a page's sections say, as hashed to tell whether the page changed since the last import. */
export const sectionsText = (sections: PageSection[]) => sections.map((section) => `${section.title}\n${section.body}`).join("\n\n");
