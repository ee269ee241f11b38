/**
 * What of a page is not its text but its chrome, left out of imported sections wherever it is: navigation, header,
 * footer, asides, forms and hidden parts by their element or ARIA role, and menus built without them: a list or block
 * whose only words are its links ("Home About Services Contact" as `<div class="menu"><a>…</a> <a>…</a></div>`).
 * extract.ts leaves such a list out wherever it is outside `main`, and in `main` before its first heading (a list of
 * links under a heading there is the page's own, such as a catalogue's items). A paragraph whose only words are one
 * link to another page of the site ("<p><a href="about.html">About us</a></p>") is navigation too, left out wherever
 * it is; a link inside a sentence, or one that calls, mails or leaves the site, is the page's text.
 */
import { type HtmlElement, type TreeVisitor, textOf, walkTree } from "./html-tree";

const NEVER_TEXT = new Set(["nav", "aside", "footer", "script", "style", "noscript", "template", "svg", "iframe", "form", "button", "select", "dialog"]);
const CHROME_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar"]);
/** Containers a menu is built of; a lone paragraph link or a link in a sentence is never one. */
const MENU_CONTAINERS = new Set(["ul", "ol", "menu", "div", "p", "section", "li"]);
/** Links a container holds at least to be taken for a menu. */
const MENU_LINKS_MIN = 2;
/** Blocks that are one line of text: holding one link to the site's own page and nothing else, they are navigation. */
const LINE_CONTAINERS = new Set(["p", "div"]);
/** An href with a scheme ("tel:", "mailto:", "https:") or protocol-relative ("//…"): not a page of this site by a path. */
const LEAVES_PATHS = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** What menus put between their links: whitespace and separators ("Home | About · Services › Contact"). */
const SEPARATORS_ONLY = /^[\s|·•/\\>»›\-–—,:;]*$/;

const isHidden = (element: HtmlElement) => "hidden" in element.attributes || element.attributes["aria-hidden"] === "true";

/** The page's chrome by element or role: a `header` too, unless it is inside the main text (an article's own title). */
export const isChrome = (element: HtmlElement, insideMain: boolean) =>
  NEVER_TEXT.has(element.name) || (element.name === "header" && !insideMain) || CHROME_ROLES.has(element.attributes.role ?? "") || isHidden(element);

interface LinkCount {
  links: number;
  /** Links to a page of the site by its path (relative or from the root), not calling, mailing or leaving it. */
  sitePaths: number;
  /** Whether any text outside the links says more than separators. */
  words: boolean;
}

export interface PageNavigation {
  /** Containers whose only words are two or more links. */
  menus: Set<HtmlElement>;
  /** Paragraphs whose only words are one link to another page of the site. */
  lineLinks: Set<HtmlElement>;
}

/**
 * The navigation under `parts`, left out of the text: menus and lone line links. One walk of the tree, in pieces
 * (walkTree), each element counted once.
 */
export async function navigationIn(parts: HtmlElement[], insideMain: boolean): Promise<PageNavigation> {
  const menus = new Set<HtmlElement>();
  const lineLinks = new Set<HtmlElement>();
  /** The counts of the elements entered and not yet left, innermost last. */
  const open: LinkCount[] = [];
  const addToParent = (count: LinkCount) => {
    const parent = open.at(-1);
    if (!parent) return;
    parent.links += count.links;
    parent.sitePaths += count.sitePaths;
    parent.words ||= count.words;
  };
  const visitor: TreeVisitor = {
    enter(element) {
      if (isChrome(element, insideMain)) return false;
      if (element.name === "a") {
        const href = element.attributes.href;
        const sitePath = href !== undefined && href.trim() !== "" && !LEAVES_PATHS.test(href.trim());
        addToParent({ links: href ? 1 : 0, sitePaths: sitePath ? 1 : 0, words: !href && /\S/.test(textOf(element)) });
        return false;
      }
      open.push({ links: 0, sitePaths: 0, words: false });
      return true;
    },
    text(text) {
      if (!SEPARATORS_ONLY.test(text)) open.at(-1)!.words = true;
    },
    leave(element) {
      const total = open.pop()!;
      if (MENU_CONTAINERS.has(element.name) && !total.words && total.links >= MENU_LINKS_MIN) menus.add(element);
      if (LINE_CONTAINERS.has(element.name) && !total.words && total.links === 1 && total.sitePaths === 1) lineLinks.add(element);
      addToParent(total);
    },
  };
  for (const part of parts) await walkTree(part, visitor);
  return { menus, lineLinks };
}
