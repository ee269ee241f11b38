/**
 * One website import from start to end (issue 39 §2), run by its KnowledgeImporter: the website reader (a worker of
 * its own) reads the site, the pages found or picked, page by page; each page's sections are stored as it arrives,
 * progress and each page's failure written as it goes, so the dashboard shows them live. Run again after a stop, it
 * carries on after the last page it recorded. When the knowledge reaches its plan's limit of entries, the import stops
 * there and says so.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFailure, type ImportLimits, KNOWLEDGE_LIMIT_MESSAGES } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jsonList } from "../../db/json";
import { knowledgeImports } from "../../db/schema";
import { knowledgeRoomOf } from "../limits";
import { type PageStoredResult, contentHashOf, storePage } from "./store";
import type { WebsiteReader } from "./website-reader-client";

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

export async function runImport(db: Database, reader: WebsiteReader, importId: string, limits: ImportLimits = IMPORT_LIMITS): Promise<void> {
  const [row] = await db.select().from(knowledgeImports).where(eq(knowledgeImports.id, importId));
  if (!row || row.status === "done" || row.status === "failed") return;
  await db.update(knowledgeImports).set({ status: "running" }).where(eq(knowledgeImports.id, importId));

  const failures = failuresOf(row);
  let pages = row.pages === null ? null : jsonList(row.pages);
  // The bytes already read before a stop are not known again: a run that carries on counts from zero.
  const request = { url: row.url, pages, from: row.pagesDone, bytesLeft: limits.totalBytes, limits };
  // What the pages did to the knowledge, carried on from where a stopped run left it.
  const counts = { pagesNew: row.pagesNew, pagesChanged: row.pagesChanged, pagesUnchanged: row.pagesUnchanged, sectionsAdded: row.sectionsAdded };
  const countKey = { new: "pagesNew", changed: "pagesChanged", unchanged: "pagesUnchanged" } as const;
  const room = await knowledgeRoomOf(db, row.organizationId);
  let index = row.pagesDone;
  let stoppedAtLimit = false;
  let ended = false;
  for await (const event of reader.read(request)) {
    if (event.type === "error") return markImportFailed(db, importId, event.error);
    if (event.type === "end") ended = true;
    if (event.type === "pages") {
      pages = event.pages;
      failures.push(...event.skipped);
      await db
        .update(knowledgeImports)
        .set({ pages: JSON.stringify(pages), pagesTotal: pages.length, failures: JSON.stringify(failures) })
        .where(eq(knowledgeImports.id, importId));
    }
    if (event.type !== "page" || !pages) continue;
    const page = "page" in event ? { organizationId: row.organizationId, importId, url: event.url, ...event.page } : null;
    const stored = page ? await storePage(db, { ...page, contentHash: await contentHashOf(page.sections) }, room) : undefined;
    if ("reason" in event) failures.push({ url: event.url, reason: event.reason });
    if (stored && (stored.sectionsAdded > 0 || stored.sectionsLeft === 0)) counts[countKey[stored.page]] += 1;
    counts.sectionsAdded += stored?.sectionsAdded ?? 0;
    // The knowledge is full: the import stops at this page, and lists it and every page after it with why.
    stoppedAtLimit = stored !== undefined && stored.sectionsLeft > 0;
    if (stoppedAtLimit) failures.push(...leftAtLimit(pages.slice(index), stored!, room.maxEntries));
    index += 1;
    await db
      .update(knowledgeImports)
      .set({ pagesDone: stoppedAtLimit ? pages.length : index, failures: JSON.stringify(failures), ...counts })
      .where(eq(knowledgeImports.id, importId));
    if (stoppedAtLimit) break;
  }
  if (!ended && !stoppedAtLimit) return markImportFailed(db, importId, IMPORT_MESSAGES.stopped);
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
