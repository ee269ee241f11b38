/**
 * The Test Suite's scenarios as an organization's test agent makes them: the built-in callers ask for its first
 * service on its next opening (core's test-scripts.ts); "Answers from the knowledge base" asks about what it may use
 * from the Knowledge page (its knowledge box first, then typed entries, then imported pages), "Answers from the website" about the imported pages it may use (the same entries
 * it answers from, reader.ts's rule), with everything else it may use as what the website's answer must not also be in.
 */
import { TEST_SCENARIOS, type TestScenario, describeScenario, knowledgeScenario, parseOpeningHours, scriptedLines, websiteScenario } from "@nikki/core";
import { asc, sql } from "drizzle-orm";
import { offeredBy, servicesOf } from "../appointments/catalogue";
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

/** The agent answering the test number (test-number.ts), as the scenarios read it. */
export interface SuiteAgent {
  agentId: string;
  /** Its name, which the scenarios' descriptions use ("Rita saves the lead"). */
  agent: string;
  hoursJson: string;
  timeZone: string;
}

/** The scenarios for the agent answering the test number (none: its callers ask for the business's first service, on no hours). */
export async function suiteScenarios(db: Database, organizationId: string, agent: SuiteAgent | null, now = new Date()): Promise<TestScenario[]> {
  const agentId = agent?.agentId ?? null;
  const [box, texts, services] = await Promise.all([
    agentId ? knowledgeBoxesOf(db, organizationId, [agentId]) : new Map<string, string>(),
    agentId ? knowledgeTexts(db, organizationId, agentId) : { pages: [], other: "" },
    servicesOf(db, organizationId),
  ]);
  const lines = scriptedLines({
    services: services.filter((service) => !agentId || offeredBy(service, agentId)).map((service) => service.name),
    hours: parseOpeningHours(agent?.hoursJson ?? "{}"),
    timeZone: agent?.timeZone ?? "UTC",
    now,
  });
  const named = (scenario: TestScenario): TestScenario => (agent ? { ...scenario, description: describeScenario(scenario.id, agent.agent) } : scenario);
  return TEST_SCENARIOS.map((scenario) => {
    if (scenario.id === "knowledge") return named(knowledgeScenario(`${agentId ? (box.get(agentId) ?? "") : ""}\n${texts.other}`, texts.pages));
    if (scenario.id === "website") return named(websiteScenario(texts.pages, texts.other));
    return named({ ...scenario, lines: lines[scenario.id] ?? scenario.lines });
  });
}
