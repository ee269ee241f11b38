/**
 * Finding a website's pages (issue 39 §2): its robots.txt, its address (one that redirects is refused, naming where
 * it points), then its sitemap (a sitemap index too, and those robots.txt names), else the same-origin links from the
 * address onward. Every request goes through fetchSite (the URL guard, no redirect followed).
 */
import {
  IMPORT_MESSAGES,
  IMPORT_ROBOTS_TOKEN,
  type ImportDiscoveryResource,
  type ImportFailure,
  type ImportLimits,
  PAGE_FAILURES,
  URL_REFUSAL_REASONS,
  urlRefusal,
} from "@nikki/core";
import type { ReaderConfig } from "./env";
import { ALLOW_ALL, type Robots, parseRobots } from "./robots";
import { resolvedUrlRefusal } from "../call/resolved-host";
import { yieldToOtherRequests } from "../call/cooperative";
import { type ExtractedPage, extractPage } from "./extract";
import { type SiteAnswer, fetchSite } from "./site-fetch";
import { linkedPagesOf, pageOf, pagesLinked, pathOf, sameOriginXml } from "./site-links";
import { parseSitemap } from "./sitemap";

/** Sitemaps read at most, an index's included. */
const SITEMAP_FILES = 10;
/** Pages fetched at most only to find links (the address's own included). */
const LINK_PAGES = 15;
/**
 * Addresses looked at (each a URL parsed, and matched against robots.txt) between two yields: a sitemap of 2 MB may
 * list a hundred thousand.
 */
const ADDRESSES_PER_YIELD = 1_024;

export interface OpenedSite {
  /** The address, without its fragment. */
  start: string;
  origin: string;
  robots: Robots;
  /**
   * The address's page, when robots.txt allowed reading it: fetched once and read once, whoever asks first (finding
   * the site's pages by its links, then importing it). Reading a 2 MB page is most of an import's work, and each
   * reading is work every request waiting on the isolate shares.
   */
  startPage: StartPage | null;
}

export interface StartPage {
  bytes: number;
  read(): Promise<ExtractedPage>;
}

const robotsFetch = (limits: ImportLimits) => ({ timeoutMs: limits.pageTimeoutMs, maxBytes: 512 * 1024, html: false });

async function readRobots(config: ReaderConfig, start: URL, limits: ImportLimits): Promise<Robots | { error: string }> {
  const answer = await fetchSite(config, `${start.origin}/robots.txt`, robotsFetch(limits), limits.totalBytes);
  if (answer.ok) return await parseRobots(answer.text, IMPORT_ROBOTS_TOKEN);
  // RFC 9309: unavailable (4xx, and a redirect we do not follow) means no rules; unreachable (5xx, no answer) means none allowed.
  if (answer.status !== undefined && answer.status < 500) return ALLOW_ALL;
  // No answer at all: the site itself is down or mistyped, which is what the owner needs to hear.
  if (answer.status === undefined) return { error: IMPORT_MESSAGES.rootFailed(start.href, answer.reason) };
  return { error: IMPORT_MESSAGES.robotsUnreadable(answer.reason) };
}

/** robots.txt and the address itself: an error in the owner's words when the site cannot be imported from there. */
export async function openSite(config: ReaderConfig, address: string, limits: ImportLimits): Promise<OpenedSite | { error: string }> {
  // Resolved here too (every request after is resolved again): a private answer is said as the address's refusal.
  const refusal = urlRefusal(address, "https", config.urlPolicy) ?? (await resolvedUrlRefusal(config.DOH_URL, address, config.urlPolicy));
  if (refusal) return { error: IMPORT_MESSAGES.refused(URL_REFUSAL_REASONS[refusal]) };
  const url = new URL(address);
  url.hash = "";
  const start = url.href;
  const robots = await readRobots(config, url, limits);
  if ("error" in robots) return robots;
  if (!(await robots.allows(pathOf(start)))) return { start, origin: url.origin, robots, startPage: null };
  const answer = await fetchSite(config, start, { timeoutMs: limits.pageTimeoutMs, maxBytes: limits.totalBytes, html: true }, limits.totalBytes);
  if (!answer.ok && answer.location) return { error: IMPORT_MESSAGES.rootRedirect(answer.location) };
  if (!answer.ok) return { error: IMPORT_MESSAGES.rootFailed(start, answer.reason) };
  let read: Promise<ExtractedPage> | undefined;
  const startPage = { bytes: answer.bytes, read: () => (read ??= extractPage(answer.text, pathOf(start))) };
  return { start, origin: url.origin, robots, startPage };
}

/** The pages the sitemaps list (same origin only), in their order; empty when there is no sitemap. */
async function sitemapPages(config: ReaderConfig, site: OpenedSite, limits: ImportLimits, enough: number): Promise<string[]> {
  const named = site.robots.sitemaps.map((href) => pageOf(href, site.origin, site.origin) ?? sameOriginXml(href, site.origin)).filter((href) => href !== null);
  const queue = named.length > 0 ? named : [`${site.origin}/sitemap.xml`];
  const seen = new Set<string>();
  const pages = new Set<string>();
  let budget = limits.totalBytes;
  while (queue.length > 0 && seen.size < SITEMAP_FILES && pages.size < enough) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const answer: SiteAnswer = await fetchSite(config, next, { timeoutMs: limits.pageTimeoutMs, maxBytes: budget, html: false }, limits.totalBytes);
    if (!answer.ok) continue;
    budget -= answer.bytes;
    const { index, locations } = await parseSitemap(answer.text);
    for (const [at, location] of locations.entries()) {
      if (at > 0 && at % ADDRESSES_PER_YIELD === 0) await yieldToOtherRequests();
      if (index) {
        const child = sameOriginXml(location, site.origin);
        if (child) queue.push(child);
      } else {
        const page = pageOf(location, site.origin, site.origin);
        if (page) pages.add(page);
      }
    }
  }
  return [...pages];
}

/** Same-origin links, breadth first from the address, fetching at most LINK_PAGES pages to find them. */
async function linkedPages(config: ReaderConfig, site: OpenedSite, limits: ImportLimits, enough: number): Promise<string[]> {
  const found = [site.start];
  const known = new Set(found);
  let budget = limits.totalBytes;
  for (let fetched = 0; fetched < Math.min(found.length, LINK_PAGES) && found.length < enough; fetched++) {
    const page = found[fetched]!;
    let links: string[] = [];
    if (fetched === 0 && site.startPage) links = pagesLinked((await site.startPage.read()).links, page, site.origin);
    else if (await site.robots.allows(pathOf(page))) {
      const answer = await fetchSite(config, page, { timeoutMs: limits.pageTimeoutMs, maxBytes: budget, html: true }, limits.totalBytes);
      budget -= answer.bytes;
      if (answer.ok) links = await linkedPagesOf(answer.text, page, site.origin);
    }
    for (const linked of links) {
      if (!known.has(linked)) {
        known.add(linked);
        found.push(linked);
      }
    }
  }
  return found;
}

/**
 * The pages an import of `site` may read: the first `limits.pages` that robots.txt allows, and those it does not
 * (up to as many) with why. An error when there are none.
 */
export async function findPages(
  config: ReaderConfig,
  site: OpenedSite,
  limits: ImportLimits,
): Promise<Omit<ImportDiscoveryResource, "url"> | { error: string }> {
  // Candidates beyond the limit, so pages robots.txt refuses do not leave it short.
  const enough = limits.pages * 2;
  const listed = await sitemapPages(config, site, limits, enough);
  const source = listed.length > 0 ? "sitemap" : "links";
  const candidates = listed.length > 0 ? listed : await linkedPages(config, site, limits, enough);
  const pages: string[] = [];
  const skipped: ImportFailure[] = [];
  for (const [at, page] of candidates.entries()) {
    if (at > 0 && at % ADDRESSES_PER_YIELD === 0) await yieldToOtherRequests();
    if (!(await site.robots.allows(pathOf(page)))) skipped.push({ url: page, reason: PAGE_FAILURES.robots });
    else if (pages.length < limits.pages) pages.push(page);
  }
  if (pages.length === 0 && skipped.length === 0) return { error: IMPORT_MESSAGES.noPages };
  return { source, pages, skipped: skipped.slice(0, limits.pages) };
}
