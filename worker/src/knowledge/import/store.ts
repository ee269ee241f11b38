/**
 * A page's sections kept as knowledge entries (source "website", its URL, the hash of its text, the import). Imported
 * again: an unchanged page keeps its entries (now counted with this import); a changed one has them replaced, except
 * those the owner edited, which are never touched (nor duplicated by a new section of the same title).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeEntries } from "../../db/schema";
import type { PageSection } from "./extract";

export interface ImportedPage {
  organizationId: string;
  importId: string;
  url: string;
  /** The page's <title>: searched with each of its sections. */
  title: string;
  contentHash: string;
  sections: PageSection[];
}

const ROWS_PER_INSERT = 10;

export type PageStored = "new" | "changed" | "unchanged";

/** What storing a page did: whether it was new, changed or the same, and how many sections it wrote. */
export interface PageStoredResult {
  page: PageStored;
  sectionsAdded: number;
}

/** SHA-256 of a page's text, hex. */
export async function contentHashOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function storePage(db: Database, page: ImportedPage): Promise<PageStoredResult> {
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
      updatedAt: knowledgeEntries.updatedAt,
    })
    .from(knowledgeEntries)
    .where(ofPage);
  const imported = existing.filter((entry) => !entry.edited);
  const edited = existing.filter((entry) => entry.edited);
  if (imported.length > 0 && imported.every((entry) => entry.contentHash === page.contentHash)) {
    // The same text: its entries stay as they are (their updated_at too), now counted as this import's.
    for (const entry of imported) {
      await db
        .update(knowledgeEntries)
        .set({ importId: page.importId, pageTitle: page.title, updatedAt: entry.updatedAt })
        .where(eq(knowledgeEntries.id, entry.id));
    }
    return { page: "unchanged", sectionsAdded: 0 };
  }
  if (imported.length > 0) await db.delete(knowledgeEntries).where(and(ofPage, eq(knowledgeEntries.edited, false)));
  const editedTitles = new Set(edited.map((entry) => entry.title));
  const fresh = page.sections.filter((section) => !editedTitles.has(section.title));
  // A few rows a statement: D1 binds at most 100 values to one.
  for (let from = 0; from < fresh.length; from += ROWS_PER_INSERT) {
    await db.insert(knowledgeEntries).values(
      fresh.slice(from, from + ROWS_PER_INSERT).map((section) => ({
        organizationId: page.organizationId,
        kind: "section" as const,
        title: section.title,
        body: section.body,
        source: "website" as const,
        sourceUrl: page.url,
        pageTitle: page.title,
        contentHash: page.contentHash,
        importId: page.importId,
      })),
    );
  }
  return { page: existing.length > 0 ? "changed" : "new", sectionsAdded: fresh.length };
}
