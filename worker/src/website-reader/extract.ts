/**
 * A page's main text as knowledge sections (issue 39 §2): the page's `main` (else its articles, else its body), without
 * its chrome (page-chrome.ts: navigation, header, footer, asides, scripts, styles, menus of links, lone links to the
 * site's other pages), split at each heading (the heading is the section's title, the text up to the next heading its
 * body). Also the page's links, for finding the site's other pages.
 */
import { IMPORT_LIMITS } from "@nikki/core";
import { type HtmlElement, type TreeVisitor, parseHtml, textOf, walkTree } from "./html-tree";
import { isChrome, navigationIn } from "./page-chrome";

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

/** What one walk of the whole page finds: its title, where its main text is, and its links. */
interface PageSurvey {
  title: HtmlElement | undefined;
  /** `main` (or role=main), else the outermost articles, else the body (else the whole document). */
  parts: HtmlElement[];
  insideMain: boolean;
  links: string[];
}

/**
 * The page walked once (in pieces: walkTree), for: the first `title`; the first `main` or role=main outside the
 * chrome; the articles outside the chrome and not inside another article; the first `body`; every link's href as
 * written (trimmed), in document order, chrome or not.
 */
async function surveyed(document: HtmlElement): Promise<PageSurvey> {
  let title: HtmlElement | undefined;
  let body: HtmlElement | undefined;
  let main: HtmlElement | undefined;
  const articles: HtmlElement[] = [];
  const links: string[] = [];
  /** Per element entered, whether it is chrome and whether it is an outermost article; the counts of those open. */
  const entered: { chrome: boolean; article: boolean }[] = [];
  let chromeOpen = 0;
  let articlesOpen = 0;
  await walkTree(document, {
    enter(element) {
      if (element.name === "title") title ??= element;
      if (element.name === "body") body ??= element;
      const href = element.name === "a" ? element.attributes.href : undefined;
      if (href) links.push(href.trim());
      const chrome = isChrome(element, false);
      const article = !chrome && chromeOpen === 0 && articlesOpen === 0 && element.name === "article";
      if (!chrome && chromeOpen === 0 && (element.name === "main" || element.attributes.role === "main")) main ??= element;
      if (article) articles.push(element);
      entered.push({ chrome, article });
      chromeOpen += Number(chrome);
      articlesOpen += Number(article);
      return true;
    },
    leave() {
      const { chrome, article } = entered.pop()!;
      chromeOpen -= Number(chrome);
      articlesOpen -= Number(article);
    },
  });
  if (main) return { title, parts: [main], insideMain: true, links };
  if (articles.length > 0) return { title, parts: articles, insideMain: true, links };
  return { title, parts: [body ?? document], insideMain: false, links };
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
async function sectionsOf(parts: HtmlElement[], insideMain: boolean, firstTitle: string): Promise<PageSection[]> {
  const { menus, lineLinks } = await navigationIn(parts, insideMain);
  let headed = false;
  const gathered: { title: string; lines: string[] }[] = [{ title: firstTitle, lines: [] }];
  let line = "";
  const endLine = () => {
    const text = lineOf(line, SECTION_BODY_MAX);
    if (text) gathered.at(-1)!.lines.push(text);
    line = "";
  };
  const visitor: TreeVisitor = {
    text: (text) => {
      line += text;
    },
    enter(element) {
      if (isChrome(element, insideMain)) return false;
      // Inside `main`, a list of links under a heading is the page's own (a catalogue's items); before any, a menu.
      if (menus.has(element) && !(insideMain && headed)) return false;
      if (lineLinks.has(element)) return false;
      if (HEADING.test(element.name)) {
        headed = true;
        endLine();
        gathered.push({ title: lineOf(textOf(element), TITLE_MAX), lines: [] });
        return false;
      }
      if (BLOCK.has(element.name)) endLine();
      return true;
    },
    leave(element) {
      if (BLOCK.has(element.name)) endLine();
    },
  };
  for (const part of parts) {
    await walkTree(part, visitor);
    endLine();
  }
  return gathered
    .flatMap(({ title, lines }) =>
      bodyParts(lines).map((body, index) => ({ title: index === 0 ? title || firstTitle : `${title || firstTitle} (continued)`, body })),
    )
    .slice(0, PAGE_SECTIONS_MAX);
}

/** The page's title, sections and links; `fallbackTitle` names text before any heading on a page without a <title>. */
export async function extractPage(html: string, fallbackTitle: string): Promise<ExtractedPage> {
  const document = await parseHtml(html, { attributes: READ_ATTRIBUTES });
  const survey = await surveyed(document);
  const title = lineOf(survey.title ? textOf(survey.title) : "", TITLE_MAX) || fallbackTitle;
  return { title, sections: await sectionsOf(survey.parts, survey.insideMain, title), links: survey.links };
}

/** The page's links alone, as extractPage finds them (its text is not cut into sections). */
export const pageLinks = async (html: string): Promise<string[]> => (await surveyed(await parseHtml(html, { attributes: LINK_ATTRIBUTES }))).links;
