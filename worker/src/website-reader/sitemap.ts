/**
 * A sitemap (sitemaps.org): a `urlset` lists pages, a `sitemapindex` lists further sitemaps; both by their `<loc>`
 * (with or without a namespace prefix, its text or CDATA). Read as XML tokens (markup-tokens.ts): linear in the file.
 */
import { characterOf, tokenize } from "./markup-tokens";

export interface SitemapContents {
  index: boolean;
  /** Each once, in the order first listed: a hostile sitemap repeats one address tens of thousands of times. */
  locations: string[];
}

export async function parseSitemap(xml: string): Promise<SitemapContents> {
  let index = false;
  const locations = new Set<string>();
  /** The text of the `<loc>` being read; null outside one. */
  let location: string | null = null;
  /** A tag's name without its namespace prefix, in lower case; only the two names looked for are read whole. */
  const localName = (start: number, end: number) => {
    if (end - start > 32) return "";
    const name = xml.slice(start, end).toLowerCase();
    return name.slice(name.indexOf(":") + 1);
  };
  const addText = (text: string) => {
    if (location !== null) location += text;
  };
  await tokenize(xml, "xml", {
    onopentagname(start, end) {
      const name = localName(start, end);
      if (name === "sitemapindex") index = true;
      // A `<loc>` inside an unclosed one starts again.
      location = name === "loc" ? "" : null;
    },
    onclosetag(start, end) {
      const text = location?.trim();
      if (text && localName(start, end) === "loc") locations.add(text);
      location = null;
    },
    ontext: (start, end) => addText(xml.slice(start, end)),
    ontextentity: (codePoint) => addText(characterOf(codePoint)),
    oncdata: (start, end, offset) => addText(xml.slice(start, end - offset)),
  });
  return { index, locations: [...locations] };
}
