/**
 * One website import from start to end (issue 39 §2), run by its KnowledgeImporter: robots.txt and the address, the
 * pages (the owner's picks, else those found), then each page in turn through the URL guard, within 10 s and what is
 * left of the 2 MB, its sections stored; progress and each page's failure written as it goes, so the dashboard shows
 * them live. Run again after a stop, it carries on after the last page it recorded. When the knowledge reaches its
 * plan's limit of entries, the import stops there and says so.
 */
import { IMPORT_LIMITS, type ImportFailure, type ImportLimits, KNOWLEDGE_LIMIT_MESSAGES, PAGE_FAILURES } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jsonList } from "../../db/json";
import { knowledgeImports } from "../../db/schema";
import type { Config } from "../../env";
import { type KnowledgeRoom, knowledgeRoomOf } from "../limits";
import { type OpenedSite, findPages, openSite } from "./discover";
import { type ExtractedPage, extractPage, sectionsText } from "./extract";
import { fetchSite } from "./site-fetch";
import { pathOf } from "./site-links";
import { type PageStoredResult, contentHashOf, storePage } from "./store";

type ImportRow = typeof knowledgeImports.$inferSelect;

export const failuresOf = (row: Pick<ImportRow, "failures">): ImportFailure[] => {
  try {
    const value = JSON.parse(row.failures) as unknown;
    return Array.isArray(value) ? (value as ImportFailure[]) : [];
  } catch {
    return [];
  }
};

export async function markImportFailed(db: Database, importId: string, error: string): Promise<void> {
  await db.update(knowledgeImports).set({ status: "failed", error }).where(eq(knowledgeImports.id, importId));
}

export async function runImport(services: { config: Config; db: Database }, importId: string, limits: ImportLimits = IMPORT_LIMITS): Promise<void> {
  const { config, db } = services;
  const [row] = await db.select().from(knowledgeImports).where(eq(knowledgeImports.id, importId));
  if (!row || row.status === "done" || row.status === "failed") return;
  await db.update(knowledgeImports).set({ status: "running" }).where(eq(knowledgeImports.id, importId));

  const site = await openSite(config, row.url, limits);
  if ("error" in site) return markImportFailed(db, importId, site.error);
  const failures = failuresOf(row);
  let pages = row.pages === null ? null : jsonList(row.pages);
  if (pages === null) {
    const found = await findPages(config, site, limits);
    if ("error" in found) return markImportFailed(db, importId, found.error);
    pages = found.pages;
    failures.push(...found.skipped);
    await db
      .update(knowledgeImports)
      .set({ pages: JSON.stringify(pages), pagesTotal: pages.length, failures: JSON.stringify(failures) })
      .where(eq(knowledgeImports.id, importId));
  }

  // The bytes already read before a stop are not known again: a run that carries on counts from zero.
  let bytesLeft = limits.totalBytes;
  // What the pages did to the knowledge, carried on from where a stopped run left it.
  const counts = { pagesNew: row.pagesNew, pagesChanged: row.pagesChanged, pagesUnchanged: row.pagesUnchanged, sectionsAdded: row.sectionsAdded };
  const countKey = { new: "pagesNew", changed: "pagesChanged", unchanged: "pagesUnchanged" } as const;
  const room = await knowledgeRoomOf(db, row.organizationId);
  let stoppedAtLimit = false;
  for (let index = row.pagesDone; index < pages.length && !stoppedAtLimit; index++) {
    const url = pages[index]!;
    const outcome = await importPage({ config, db }, { organizationId: row.organizationId, importId, url, limits, bytesLeft, site, room });
    bytesLeft -= outcome.bytes;
    if (outcome.reason) failures.push({ url, reason: outcome.reason });
    const stored = outcome.stored;
    if (stored && (stored.sectionsAdded > 0 || stored.sectionsLeft === 0)) counts[countKey[stored.page]] += 1;
    counts.sectionsAdded += stored?.sectionsAdded ?? 0;
    // The knowledge is full: the import stops at this page, and lists it and every page after it with why.
    stoppedAtLimit = stored !== undefined && stored.sectionsLeft > 0;
    if (stoppedAtLimit) failures.push(...leftAtLimit(pages.slice(index), stored!, room.maxEntries));
    await db
      .update(knowledgeImports)
      .set({ pagesDone: stoppedAtLimit ? pages.length : index + 1, failures: JSON.stringify(failures), ...counts })
      .where(eq(knowledgeImports.id, importId));
  }
  const stopped = stoppedAtLimit ? { error: KNOWLEDGE_LIMIT_MESSAGES.importStopped(room.maxEntries) } : {};
  await db
    .update(knowledgeImports)
    .set({ status: "done", ...stopped })
    .where(eq(knowledgeImports.id, importId));
}

/** The page the limit cut (some of its sections imported, or none) and the pages after it, each with why. */
function leftAtLimit([cut, ...after]: string[], stored: PageStoredResult, maxEntries: number): ImportFailure[] {
  const { sectionsAdded, sectionsLeft } = stored;
  const reason =
    sectionsAdded > 0
      ? KNOWLEDGE_LIMIT_MESSAGES.pageCut(sectionsAdded, sectionsAdded + sectionsLeft, maxEntries)
      : KNOWLEDGE_LIMIT_MESSAGES.pageLeft(maxEntries);
  return [{ url: cut!, reason }, ...after.map((url) => ({ url, reason: KNOWLEDGE_LIMIT_MESSAGES.pageLeft(maxEntries) }))];
}

interface PageJob {
  organizationId: string;
  importId: string;
  url: string;
  limits: ImportLimits;
  bytesLeft: number;
  site: OpenedSite;
  room: KnowledgeRoom;
}

interface PageOutcome {
  bytes: number;
  /** Why the page was not imported; null when it was. */
  reason: string | null;
  /** What storing it did, when it was stored. */
  stored?: PageStoredResult;
}

/** The page read: the site's address as opened (already fetched, perhaps read for its links), else fetched now. */
async function readPage(config: Config, job: PageJob): Promise<{ page: ExtractedPage; bytes: number } | { reason: string; bytes: number }> {
  const { startPage } = job.site;
  if (job.url === job.site.start && startPage && startPage.bytes <= job.bytesLeft) return { page: await startPage.read(), bytes: startPage.bytes };
  const answer = await fetchSite(
    config,
    job.url,
    { timeoutMs: job.limits.pageTimeoutMs, maxBytes: Math.max(0, job.bytesLeft), html: true },
    job.limits.totalBytes,
  );
  if (!answer.ok) return answer;
  return { page: await extractPage(answer.text, pathOf(job.url)), bytes: answer.bytes };
}

/** One page read and stored: the bytes it took, why it was not imported, or what storing it did. */
async function importPage(services: { config: Config; db: Database }, job: PageJob): Promise<PageOutcome> {
  if (!(await job.site.robots.allows(pathOf(job.url)))) return { bytes: 0, reason: PAGE_FAILURES.robots };
  const read = await readPage(services.config, job);
  if ("reason" in read) return { bytes: read.bytes, reason: read.reason };
  const { page, bytes } = read;
  if (page.sections.length === 0) return { bytes, reason: PAGE_FAILURES.noText };
  const text = sectionsText(page.sections);
  const stored = await storePage(
    services.db,
    {
      organizationId: job.organizationId,
      importId: job.importId,
      url: job.url,
      title: page.title,
      contentHash: await contentHashOf(text),
      sections: page.sections,
    },
    job.room,
  );
  return { bytes, reason: null, stored };
}
