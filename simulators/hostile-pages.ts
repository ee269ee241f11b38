/**
 * Hostile website content a business's site (or whoever controls it) might serve the website import: pages shaped to
 * stall a parser (tags that never close, nesting tens of thousands deep, huge attributes, broken entities, unclosed
 * comments, CDATA and scripts, NUL bytes), sitemaps of unclosed `<loc>`s, and robots.txt patterns made to backtrack.
 * What the import's fuzz test and the reliability bench throw at the product; each page is about `bytes` long (the
 * import reads at most 2 MB).
 */
import type { WebsitePages } from "./business-website";

export interface HostileDocument {
  name: string;
  text: string;
}

export interface HostileRobots {
  name: string;
  robots: string;
  /** Paths (with their queries) asked of it. */
  paths: string[];
}

/** The import's byte limit, what a hostile page fills. */
export const HOSTILE_PAGE_BYTES = 2 * 1024 * 1024;

/** `unit` repeated to about `bytes` characters. */
const filled = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/** `depth` nested `tag`s around `inner`, every one closed. */
export const nested = (depth: number, inner: string, tag = "div") => `<${tag}>`.repeat(depth) + inner + `</${tag}>`.repeat(depth);

/** Pages for the HTML reader, the extractor and link discovery. */
export function hostilePages(bytes = HOSTILE_PAGE_BYTES): HostileDocument[] {
  const half = Math.floor(bytes / 2);
  return [
    { name: "a tag that never closes (<a<a<a…)", text: filled("<a", bytes) },
    { name: "open tags without >", text: filled('<p title="x" ', bytes) },
    { name: "unquoted attributes without >", text: `<a href=${filled("/x=", bytes)}` },
    { name: "2,000 nested divs", text: `<html><body><main>${nested(2_000, '<h2>Deep</h2><p>Down here.</p><a href="/deep">deep</a>')}</main></body></html>` },
    { name: "100,000 nested divs", text: nested(100_000, '<h2>Deep</h2><p>Down here.</p><a href="/deep">deep</a>') },
    { name: "nested divs never closed, filling the page", text: `<body>${filled("<div>", bytes)}` },
    { name: "nested mixed elements never closed", text: filled("<section><article><ul><li><span><b>", bytes) },
    { name: "deep nesting, then stray end tags", text: filled("<div>", half) + filled("</span>", half) },
    { name: "deep nesting, then end tags of the outermost", text: `<p>${filled("<div>", half)}${filled("</p>", half)}` },
    { name: "deep headings", text: `<main>${filled("<h1><h2><h3>", half)}${filled("text ", half)}</main>` },
    { name: "a huge attribute value", text: `<a href="${filled("x", bytes)}">link</a><p>after</p>` },
    { name: "an attribute quote never closed", text: `<a href="${filled("x y ", bytes)}` },
    { name: "many attributes", text: `<div ${filled("a=1 ", bytes)}>text</div>` },
    { name: "a tag name as long as the page", text: `<${filled("x", bytes)}>` },
    { name: "malformed entities", text: `<p>${filled("&#x; &#99999999999; &#xD800; &amp &; &#; &notanentity; &#x110000; &", bytes)}</p>` },
    { name: "a named entity never ended", text: `<p>&${filled("a", bytes)}</p>` },
    { name: "an unclosed comment", text: `<p>before</p><!--${filled("a", bytes)}` },
    { name: "comment openers", text: filled("<!-", bytes) },
    { name: "an unclosed CDATA section", text: `<p>before</p><![CDATA[${filled("a", bytes)}` },
    { name: "an unclosed script", text: `<p>before</p><script>${filled("a", bytes)}` },
    { name: "a script full of near end tags", text: `<script>${filled("</scrip", bytes)}` },
    { name: "an unclosed style", text: `<style>${filled("</styl", bytes)}` },
    { name: "an unclosed title", text: `<title>${filled("<title>", bytes)}` },
    { name: "an unclosed svg", text: `<p>before</p><svg>${filled("<svg><g>", bytes)}` },
    { name: "NUL bytes", text: filled("\0", bytes) },
    { name: "NUL bytes in tags", text: filled("<\0a\0 h\0ref='\0'>\0</\0a>", bytes) },
    { name: "declarations and processing instructions", text: filled("<!DOCTYPE <?xml ", bytes) },
    { name: "lone angle brackets", text: filled("<</<!<?>", bytes) },
    { name: "many links", text: filled('<a href="/page?n=1">page</a>', bytes) },
    { name: "many headings", text: `<main>${filled("<h2>Heading</h2><p>text</p>", bytes)}</main>` },
    { name: "one paragraph as long as the page", text: `<main><p>${filled("word ", bytes)}</p></main>` },
  ];
}

/** Sitemaps for the sitemap reader. */
export function hostileSitemaps(bytes = HOSTILE_PAGE_BYTES): HostileDocument[] {
  return [
    { name: "unclosed <loc>s", text: `<urlset>${filled("<loc>", bytes)}` },
    { name: "unclosed <loc>s with text", text: `<urlset>${filled("<loc>https://example.com/a ", bytes)}` },
    { name: "unclosed CDATA in a <loc>", text: `<urlset>${filled("<loc><![CDATA[", bytes)}` },
    { name: "prefixed <loc>s never closed", text: filled("<s:loc>", bytes) },
    { name: "a <loc> as long as the sitemap", text: `<sitemapindex><sitemap><loc>${filled("x", bytes)}</loc></sitemap></sitemapindex>` },
    { name: "deeply nested urls", text: `<urlset>${filled("<url>", bytes)}` },
    { name: "malformed entities in <loc>s", text: `<urlset>${filled("<url><loc>&#x; &amp &#99999999;</loc></url>", bytes)}</urlset>` },
    { name: "NUL bytes", text: filled("\0<loc>\0", bytes) },
  ];
}

/** robots.txt files and the paths asked of them. */
export function hostileRobots(): HostileRobots[] {
  const stars = (count: number) => `/${"*a".repeat(count)}*b`;
  return [
    { name: "a backtracking pattern", robots: `User-agent: *\nDisallow: ${stars(12)}\n`, paths: [`/${"a".repeat(32)}`, `/${"a".repeat(2_000)}`] },
    { name: "a long backtracking pattern", robots: `User-agent: *\nDisallow: ${stars(2_000)}$\n`, paths: [`/${"a".repeat(4_000)}`] },
    { name: "a pattern of stars", robots: `User-agent: *\nDisallow: /${"*".repeat(100_000)}$\n`, paths: [`/${"a".repeat(2_000)}`] },
    {
      name: "many patterns",
      robots: `User-agent: *\n${Array.from({ length: 20_000 }, (_, index) => `Disallow: /*a*a*a*${index}*b\n`).join("")}`,
      paths: [`/${"a".repeat(2_000)}`],
    },
    { name: "a pattern as long as the file", robots: `User-agent: *\nDisallow: /${"a".repeat(500_000)}\n`, paths: [`/${"a".repeat(2_000)}`] },
    { name: "NUL bytes and no newlines", robots: `User-agent: *${"\0".repeat(500_000)}`, paths: ["/"] },
  ];
}

/** A path the backtracking robots.txt pattern of hostileSite tries hardest on (it does not match: no `b`). */
export const BACKTRACKING_PATH = `/${"a".repeat(32)}`;

/**
 * A whole website made of hostile content, for an import to discover and read over real HTTP: a robots.txt whose
 * pattern backtracks, a sitemap of unclosed `<loc>`s (so its pages are found by their links), a home page that is
 * mostly a tag never closed, and pages nested 2,000 and 100,000 deep. Within the import's 2 MB together.
 */
export function hostileSite(): WebsitePages {
  const deep = (depth: number) => nested(depth, `<h2>Deep</h2><p>Down ${depth} levels.</p>`);
  return {
    "/robots.txt": { headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*a*a*b\n" },
    "/sitemap.xml": { headers: { "content-type": "application/xml" }, body: `<urlset>${filled("<loc>", 256 * 1024)}` },
    "/": { body: `<title>Hostile</title><a href="${BACKTRACKING_PATH}">a</a><a href="/deep">deep</a><a href="/deeper">deeper</a>${filled("<a", 512 * 1024)}` },
    [BACKTRACKING_PATH]: { body: "<main><p>Not blocked.</p></main>" },
    "/deep": { body: deep(2_000) },
    "/deeper": { body: deep(100_000) },
  };
}

/**
 * A website whose home page is a page of malformed entities (the costliest to read of hostilePages before the reader
 * was made to yield), as long as the import reads it whole (2 MB, less room for its wrapping): for showing that the
 * worker answers other requests while it reads one.
 */
export function heavySite(): WebsitePages {
  const page = hostilePages(HOSTILE_PAGE_BYTES - 16 * 1024).find((hostile) => hostile.name === "malformed entities")!;
  return { "/": { body: page.text } };
}
