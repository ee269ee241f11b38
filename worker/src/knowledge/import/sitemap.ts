/**
 * A sitemap (sitemaps.org): a `urlset` lists pages, a `sitemapindex` lists further sitemaps; both by their `<loc>`.
 */
import { decodeEntities } from "./html-tree";

export interface SitemapContents {
  index: boolean;
  locations: string[];
}

export function parseSitemap(xml: string): SitemapContents {
  const index = /<(?:[a-z0-9]+:)?sitemapindex[\s>]/i.test(xml);
  const locations = [...xml.matchAll(/<(?:[a-z0-9]+:)?loc>\s*(?:<!\[CDATA\[)?([\s\S]*?)(?:\]\]>)?\s*<\/(?:[a-z0-9]+:)?loc>/gi)]
    .map((match) => decodeEntities(match[1]!.trim()))
    .filter(Boolean);
  return { index, locations };
}
