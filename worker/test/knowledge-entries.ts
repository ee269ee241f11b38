/**
 * Knowledge for the answer-time tests (worker and libSQL): an organization with two agents, and entries inserted as
 * the knowledge API or an import would store them.
 */
import type { Database } from "../src/db/client";
import { agents, knowledgeEntries, organizations } from "../src/db/schema";

export type EntryInput = Partial<typeof knowledgeEntries.$inferInsert> & { organizationId: string };

/** Two active agents, open around the clock: Dana (the first, so the primary and chat agent) and Eli. */
export async function addAgents(db: Database, organizationId: string) {
  const always = [{ open: "00:00", close: "23:59" }];
  const hoursJson = JSON.stringify({ sun: always, mon: always, tue: always, wed: always, thu: always, fri: always, sat: always });
  const [first, second] = await db
    .insert(agents)
    .values([
      { organizationId, name: "Dana", status: "active", hoursJson, createdAt: new Date(Date.now() - 1000) },
      { organizationId, name: "Eli", status: "active", hoursJson },
    ])
    .returning({ id: agents.id });
  return { organizationId, agentId: first!.id, otherAgentId: second!.id };
}

/** An organization of its own (no settings, no widget key: what the lookup alone needs) with its two agents. */
export async function knowledgeOrganization(db: Database, name: string) {
  const organizationId = `org_${crypto.randomUUID()}`;
  await db.insert(organizations).values({ id: organizationId, name, slug: organizationId });
  return addAgents(db, organizationId);
}

/** D1 binds at most 100 values a statement: rows go in a few at a time. */
const ROWS_A_STATEMENT = 6;

/** Inserts entries (a section from the website unless said otherwise) and answers their ids in order. */
export async function insertEntries(db: Database, entries: EntryInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += ROWS_A_STATEMENT) {
    const rows = await db
      .insert(knowledgeEntries)
      .values(entries.slice(start, start + ROWS_A_STATEMENT).map((entry) => ({ kind: "section" as const, source: "website" as const, ...entry })))
      .returning({ id: knowledgeEntries.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** A business's site as sections: one per topic, its page as the source. */
export const PLUMBER_PAGES: EntryInput[] = [
  { organizationId: "", title: "Prices", body: "A drain cleaning is $149. Water heater installs start at $1,200.", sourceUrl: "https://acme.test/prices" },
  {
    organizationId: "",
    title: "Opening hours",
    body: "We are open Monday to Friday, 7 am to 6 pm, and Saturday mornings.",
    sourceUrl: "https://acme.test/hours",
  },
  { organizationId: "", title: "Where we work", body: "We cover Springfield, Shelbyville and Capital City.", sourceUrl: "https://acme.test/areas" },
  { organizationId: "", title: "Cancellations", body: "Cancel up to 24 hours ahead at no charge.", sourceUrl: "https://acme.test/policies" },
];

/** The pages above for one organization. */
export const pagesOf = (organizationId: string, pages = PLUMBER_PAGES): EntryInput[] => pages.map((page) => ({ ...page, organizationId }));
