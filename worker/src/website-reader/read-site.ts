/**
 * A site read for an import (issue 39 §2): robots.txt and the address, the pages found when none were given, then
 * each page in turn through the URL guard, within 10 s and what is left of the import's bytes, robots.txt obeyed.
 * Each outcome is yielded as it is known: the control plane stores one page while the next is read.
 */
import { PAGE_FAILURES } from "@nikki/core";
import type { PageRead, ReadEvent, ReadRequest } from "../rpc/website-reader";
import { type OpenedSite, findPages, openSite } from "./discover";
import { extractPage } from "./extract";
import type { ReaderConfig } from "./env";
import { fetchSite } from "./site-fetch";
import { pathOf } from "./site-links";

type PageOutcome = { bytes: number; page: PageRead } | { bytes: number; reason: string };

/** The page read: the site's address as opened (already fetched, perhaps read for its links), else fetched now. */
async function readPage(config: ReaderConfig, site: OpenedSite, url: string, request: ReadRequest, bytesLeft: number): Promise<PageOutcome> {
  if (!(await site.robots.allows(pathOf(url)))) return { bytes: 0, reason: PAGE_FAILURES.robots };
  const { startPage } = site;
  const answer =
    url === site.start && startPage && startPage.bytes <= bytesLeft
      ? { ok: true as const, bytes: startPage.bytes, page: await startPage.read() }
      : await fetchSite(config, url, { timeoutMs: request.limits.pageTimeoutMs, maxBytes: Math.max(0, bytesLeft), html: true }, request.limits.totalBytes);
  if (!answer.ok) return answer;
  const { title, sections } = "page" in answer ? answer.page : await extractPage(answer.text, pathOf(url));
  if (sections.length === 0) return { bytes: answer.bytes, reason: PAGE_FAILURES.noText };
  return { bytes: answer.bytes, page: { title, sections } };
}

export async function* readSite(config: ReaderConfig, request: ReadRequest): AsyncGenerator<ReadEvent> {
  const site = await openSite(config, request.url, request.limits);
  if ("error" in site) return yield { type: "error", error: site.error };
  let pages = request.pages;
  if (pages === null) {
    const found = await findPages(config, site, request.limits);
    if ("error" in found) return yield { type: "error", error: found.error };
    yield { type: "pages", ...found };
    pages = found.pages;
  }
  let bytesLeft = request.bytesLeft;
  for (const url of pages.slice(request.from)) {
    const outcome = await readPage(config, site, url, request, bytesLeft);
    bytesLeft -= outcome.bytes;
    yield { type: "page", url, ...outcome };
  }
  yield { type: "end" };
}
