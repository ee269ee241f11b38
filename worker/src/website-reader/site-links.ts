/**
 * A website's addresses as the import reads them: a link as one of the site's pages (or its sitemaps), a page's path
 * for robots.txt, and the pages a page links to.
 */
import { pageLinks } from "./extract";

/** Files a page link may not be: not worth a request to find out. */
const NOT_PAGES = /\.(?:pdf|jpe?g|png|gif|webp|svg|ico|css|js|mjs|json|xml|txt|zip|gz|mp[34]|mov|avi|woff2?|ttf|docx?|xlsx?|pptx?)$/i;
/**
 * A longer link is no page of a small business's site (browsers and servers stop near 2 to 8 KB), and each is matched
 * against every robots.txt rule: a hostile page's megabyte-long links are left out here.
 */
const URL_MAX = 2_048;
/** A folder's index file: the same page as the folder itself on any server a small business uses, so read once. */
const INDEX_FILE = /\/index\.html?$/i;

/**
 * A link as a page of `origin`, absolute, without its fragment, and a folder's index file as the folder ("/index.html"
 * is "/"); null for another site, a file or a non-web link.
 */
export function pageOf(href: string, base: string, origin: string): string | null {
  if (href.length > URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== origin || NOT_PAGES.test(url.pathname)) return null;
  url.hash = "";
  url.pathname = url.pathname.replace(INDEX_FILE, "/");
  return url.href;
}

/** A sitemap's address on `origin` (sitemaps are XML files, which pageOf leaves out). */
export function sameOriginXml(href: string, origin: string): string | null {
  if (href.length > URL_MAX) return null;
  try {
    const url = new URL(href, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The pages of `origin` among the links of `page` (hrefs as written), each once, in their order. */
export function pagesLinked(hrefs: string[], page: string, origin: string): string[] {
  const pages = new Set<string>();
  // Each href once: a page may repeat one link thousands of times, and each is a URL to parse.
  for (const href of new Set(hrefs)) {
    const linked = pageOf(href, page, origin);
    if (linked) pages.add(linked);
  }
  return [...pages];
}

/** The pages of `origin` that the HTML of `page` links to, each once, in document order. */
export const linkedPagesOf = async (html: string, page: string, origin: string): Promise<string[]> => pagesLinked(await pageLinks(html), page, origin);
