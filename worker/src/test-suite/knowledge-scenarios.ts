/**
 * The Test Suite's scenarios as an organization's test agent makes them: "Answers from the knowledge base" asks about
 * the agent's knowledge box (its typed section), "Answers from the website" about the imported pages it may use (the
 * same entries it answers from, reader.ts's rule), with everything else it may use as what the website's answer must
 * not also be in.
 */
import { TEST_SCENARIOS, type TestScenario, knowledgeScenario, websiteScenario } from "@nikki/core";
import { asc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgeEntries } from "../db/schema";
import { knowledgeBoxesOf } from "../knowledge/box";
import { sectionText, sectionTitle, usableBy } from "../knowledge/reader";

/** What the agent may use, as two texts: the imported pages' (one per entry, in import order) and the rest's. */
async function knowledgeTexts(db: Database, organizationId: string, agentId: string) {
  const rows = await db
    .select({ source: knowledgeEntries.source, text: sql<string>`${sectionTitle} || '.\n' || ${sectionText}` })
    .from(knowledgeEntries)
    .where(usableBy(organizationId, agentId))
    .orderBy(asc(knowledgeEntries.sourceUrl), sql`${knowledgeEntries}.rowid`);
  return {
    pages: rows.filter((row) => row.source === "website").map((row) => row.text),
    other: rows
      .filter((row) => row.source !== "website")
      .map((row) => row.text)
      .join("\n"),
  };
}

/** The scenarios for the agent answering the test number (none: the knowledge ones have nothing to ask about). */
export async function suiteScenarios(db: Database, organizationId: string, agentId: string | null): Promise<TestScenario[]> {
  const [box, texts] = agentId
    ? await Promise.all([knowledgeBoxesOf(db, organizationId, [agentId]), knowledgeTexts(db, organizationId, agentId)])
    : [new Map<string, string>(), { pages: [], other: "" }];
  return TEST_SCENARIOS.map((scenario) => {
    if (scenario.id === "knowledge") return knowledgeScenario(agentId ? (box.get(agentId) ?? "") : "");
    if (scenario.id === "website") return websiteScenario(texts.pages, texts.other);
    return scenario;
  });
}
