/**
 * A page's sections kept as knowledge entries (source "website", its URL, the hash of its text, the import). Imported
 * again: an unchanged page keeps its entries (now counted with this import); a changed one has them replaced, except
 * those the owner edited, which are never touched (nor duplicated by a new section of the same title). New sections
 * stop at the plan's limit of entries.
 */
import { and, eq, getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { yieldToOtherRequests } from "../../call/cooperative";
import { inOneTrip } from "../../db/one-trip";
import { knowledgeEntries } from "../../db/schema";
import { type KnowledgeRoom, entriesHeld, undoPastLimit } from "../limits";
import type { PageRead } from "../../rpc/website-reader";

type PageSection = PageRead["sections"][number];

export interface ImportedPage {
  organizationId: string;
  importId: string;
  url: string;
  /** The page's <title>: searched with each of its sections. */
  title: string;
  contentHash: string;
  sections: PageSection[];
}

/**
 * Rows one insert writes at most: D1 binds at most 100 values to a statement, and a row binds one per column at most
 * (10 rows of 14 bound values each made "too many SQL variables", and a page of more than 7 sections failed).
 */
const ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(knowledgeEntries)).length);
/**
 * The section text one round trip writes at most: each section is indexed for search as it is written (a trigger into
 * knowledge_search), and a page's 200 sections of 4,000 characters indexed in one trip held the database's thread (the
 * worker's too, locally) for 30-50 ms. About 8 long sections a trip, a yield between trips.
 */
const CHARS_PER_TRIP = 32_000;

export type PageStored = "new" | "changed" | "unchanged";

/** What storing a page did: whether it was new, changed or the same, how many sections it wrote and how many it left. */
export interface PageStoredResult {
  page: PageStored;
  sectionsAdded: number;
  /** Sections not written because the knowledge reached its plan's limit (knowledge/limits.ts). */
  sectionsLeft: number;
}

/** SHA-256 of the text a page's sections say, hex: to tell whether the page changed since the last import. */
export async function contentHashOf(sections: PageSection[]): Promise<string> {
  const text = sections.map((section) => `${section.title}\n${section.body}`).join("\n\n");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Stores the page's sections, as many as `room` (the organization's limits, read when the import began) still allows. */
export async function storePage(db: Database, page: ImportedPage, room: Pick<KnowledgeRoom, "organizationId" | "maxEntries">): Promise<PageStoredResult> {
  const ofPage = and(
    eq(knowledgeEntries.organizationId, page.organizationId),
    eq(knowledgeEntries.source, "website"),
    eq(knowledgeEntries.sourceUrl, page.url),
  );
  const existing = await db
    .select({
      id: knowledgeEntries.id,
      title: knowledgeEntries.title,
      edited: knowledgeEntries.edited,
      contentHash: knowledgeEntries.contentHash,
      pageTitle: knowledgeEntries.pageTitle,
      updatedAt: knowledgeEntries.updatedAt,
    })
    .from(knowledgeEntries)
    .where(ofPage);
  const imported = existing.filter((entry) => !entry.edited);
  const edited = existing.filter((entry) => entry.edited);
  if (imported.length > 0 && imported.every((entry) => entry.contentHash === page.contentHash)) {
    // The same text: its entries stay as they are (their updated_at too), now counted as this import's. The page's
    // title is set only when it changed: setting it at all indexes the entry for search again (its trigger).
    const [first, ...rest] = imported.map((entry) =>
      db
        .update(knowledgeEntries)
        .set({ importId: page.importId, updatedAt: entry.updatedAt, ...(entry.pageTitle === page.title ? {} : { pageTitle: page.title }) })
        .where(eq(knowledgeEntries.id, entry.id)),
    );
    await inOneTrip(db, [first!, ...rest]);
    return { page: "unchanged", sectionsAdded: 0, sectionsLeft: 0 };
  }
  if (imported.length > 0) await db.delete(knowledgeEntries).where(and(ofPage, eq(knowledgeEntries.edited, false)));
  const editedTitles = new Set(edited.map((entry) => entry.title));
  const found = page.sections.filter((section) => !editedTitles.has(section.title));
  const fresh = found.slice(0, Math.max(0, room.maxEntries - (await entriesHeld(db, page.organizationId))));
  const ids = await insertSections(db, page, fresh);
  // Entries typed meanwhile may have taken the room: what is past the limit goes again.
  const added = ids.length - (await undoPastLimit(db, room, ids)).length;
  return { page: existing.length > 0 ? "changed" : "new", sectionsAdded: added, sectionsLeft: found.length - added };
}

/**
 * The sections written ROWS_PER_INSERT a statement, the statements of up to CHARS_PER_TRIP of text in one round trip,
 * with a yield between trips: one statement awaited after another (a page has up to 200 sections) cost a round trip
 * each and, under workerd locally (Miniflare: tests, benches), a run of them kept the isolate's other requests waiting
 * until the last; one trip for the whole page held them while it was indexed.
 */
async function insertSections(db: Database, page: ImportedPage, sections: PageSection[]): Promise<string[]> {
  const ids: string[] = [];
  for (const trip of tripsOf(sections)) {
    if (ids.length > 0) await yieldToOtherRequests();
    const statements = [];
    for (let from = 0; from < trip.length; from += ROWS_PER_INSERT) {
      const rows = trip.slice(from, from + ROWS_PER_INSERT).map((section) => ({
        organizationId: page.organizationId,
        kind: "section" as const,
        title: section.title,
        body: section.body,
        source: "website" as const,
        sourceUrl: page.url,
        pageTitle: page.title,
        contentHash: page.contentHash,
        importId: page.importId,
      }));
      statements.push(db.insert(knowledgeEntries).values(rows).returning({ id: knowledgeEntries.id }));
    }
    const [first, ...rest] = statements;
    if (first) ids.push(...(await inOneTrip(db, [first, ...rest])).flat().map((row) => row.id));
  }
  return ids;
}

/** The sections in order, cut into runs of at most CHARS_PER_TRIP characters (a longer section goes alone). */
function tripsOf(sections: PageSection[]): PageSection[][] {
  const trips: PageSection[][] = [];
  let chars = Infinity;
  for (const section of sections) {
    const size = section.title.length + section.body.length;
    if (chars + size > CHARS_PER_TRIP) {
      trips.push([]);
      chars = 0;
    }
    trips.at(-1)!.push(section);
    chars += size;
  }
  return trips;
}
