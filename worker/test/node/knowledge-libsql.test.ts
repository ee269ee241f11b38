import { eq } from "drizzle-orm";
import { HOSTILE_STRINGS } from "@nikki/simulators/hostile-strings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, createLibsqlDatabase } from "../../src/db/client";
import { knowledgeEntries } from "../../src/db/schema";
import { lookupKnowledge } from "../../src/knowledge/lookup";
import { insertEntries, knowledgeOrganization, pagesOf } from "../knowledge-entries";
import { migratedLibsqlFile } from "./libsql-file";

let remove: () => void;
let db: Database;

beforeAll(async () => {
  const file = await migratedLibsqlFile("nikki-knowledge-");
  remove = file.remove;
  db = createLibsqlDatabase(file.client);
});

afterAll(() => remove());

/** The knowledge lookup on the Turso/libSQL path: the same migration's FTS5 table and triggers, the same queries. */
describe("lookup_knowledge on libSQL", () => {
  it("finds the section in the caller's words, with its source, and follows updates and deletes", async () => {
    const { organizationId, agentId } = await knowledgeOrganization(db, "Acme Plumbing");
    const [prices, hours] = await insertEntries(db, pagesOf(organizationId));
    const scope = { organizationId, agentId };
    expect((await lookupKnowledge(db, scope, "How much do you charge to clean a drain?"))[0]).toEqual({
      title: "Prices",
      text: "A drain cleaning is $149. Water heater installs start at $1,200.",
      source: "website",
      sourceUrl: "https://acme.test/prices",
    });
    expect((await lookupKnowledge(db, scope, "When do you close on Fridays?"))[0]?.title).toBe("Opening hours");

    await db.update(knowledgeEntries).set({ body: "Closed for the holidays until January 4." }).where(eq(knowledgeEntries.id, hours!));
    expect((await lookupKnowledge(db, scope, "holidays"))[0]?.text).toBe("Closed for the holidays until January 4.");
    expect(await lookupKnowledge(db, scope, "Saturday mornings")).toEqual([]);
    await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, prices!));
    expect((await lookupKnowledge(db, scope, "drain cleaning price")).map((section) => section.title)).not.toContain("Prices");
  });

  it("knows how callers ask what a site says in other words: being home is access, sprays and a vacuum are supplies", async () => {
    const { organizationId, agentId } = await knowledgeOrganization(db, "Shine Cleaning");
    const page = (title: string, body: string) => ({ organizationId, title, body, sourceUrl: `https://shine.test/${title.length}` });
    await insertEntries(db, [
      page("Home cleaning", "We clean your home top to bottom, and clean the kitchen and bathrooms at every home visit."),
      page("Keys and access", "You don't need to be there. Many customers leave a key in a lockbox."),
      page("Do you bring your own supplies?", "Yes. Cleaners arrive with all products and equipment."),
      page("Spring tips", "Open the windows, buy fresh flowers, and clean the vacuum filter."),
    ]);
    const first = async (question: string) => (await lookupKnowledge(db, { organizationId, agentId }, question))[0]?.title;
    expect(await first("Do I have to stay home while you clean?")).toBe("Keys and access");
    expect(await first("Will someone need to be there to let you in?")).toBe("Keys and access");
    expect(await first("Do I need to buy the sprays and the vacuum or do you have them?")).toBe("Do you bring your own supplies?");
  });

  it("finds a section by its page's title, and a visit when the caller asks them to come out", async () => {
    const { organizationId, agentId } = await knowledgeOrganization(db, "Rivera Plumbing");
    const page = (pageTitle: string, title: string, body: string) => ({
      organizationId,
      pageTitle,
      title,
      body,
      sourceUrl: `https://rivera.test/${title.length}`,
    });
    const [, , serviceCall] = await insertEntries(db, [
      page("Our guarantee | Rivera Plumbing", "Clogs that come back", "If a drain we cleaned clogs again within 30 days, we clear it again at no charge."),
      page("About | Rivera Plumbing", "Our story", "Three generations of plumbers in one town."),
      page("Pricing | Rivera Plumbing", "Service call", "Our diagnostic visit is $89, waived if you go ahead with the repair."),
    ]);
    const first = async (question: string) => (await lookupKnowledge(db, { organizationId, agentId }, question))[0]?.title;
    expect(await first("What do you charge just to come out and look at it?")).toBe("Service call");

    await db.update(knowledgeEntries).set({ pageTitle: "Our team | Rivera Plumbing" }).where(eq(knowledgeEntries.id, serviceCall!));
    expect(await first("What does it cost?")).not.toBe("Service call");
  });

  it("reads any caller's words as words, never as FTS5 syntax", async () => {
    const { organizationId, agentId } = await knowledgeOrganization(db, "Quote Marks & Co");
    await insertEntries(db, pagesOf(organizationId));
    for (const words of [...HOSTILE_STRINGS, 'he said "drain', "drain-cleaning NEAR(price)", "title:prices OR", "price* ^ - + ( ) { } :", "AND OR NOT"]) {
      await expect(lookupKnowledge(db, { organizationId, agentId }, words)).resolves.toBeInstanceOf(Array);
    }
  });
});
