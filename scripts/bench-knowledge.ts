/**
 * `npm run bench:knowledge -- [--site DIR] [--questions FILE]`: how well lookup_knowledge finds the answer (issue 39).
 * The site folder (default: scripts/fixtures/knowledge/site, a small business's pages) is served on loopback and
 * imported into sections, filler sections take the organization to 2,000, and each question (JSON lines
 * {"question", "answer_path"}) is looked up as the agent's tool would, on a libSQL `file:` database with the
 * migrations (the same FTS5 table, triggers and queries as D1). Prints
 *   knowledge: recall_at_3=H of N (P %) lookup_p95_ms=T sections=S
 * where a question counts when a section from its answer_path page is among the 3 returned, and T is the 95th
 * percentile of every lookup's time. Exits non-zero under the targets: recall 90 %, p95 20 ms.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createLibsqlDatabase } from "../worker/src/db/client";
import { agents, knowledgeEntries, organizations } from "../worker/src/db/schema";
import { lookupKnowledge } from "../worker/src/knowledge/lookup";
import { fillerSections, importSite, readQuestions, serveFolder } from "./bench/knowledge-bench";
import { ROOT } from "@nikki/dev/local";
import { percentile } from "./bench/stats";

const SECTIONS = 2_000;
const ROUNDS = 10;
const TARGET_RECALL = 0.9;
const TARGET_P95_MS = 20;

const { values } = parseArgs({
  options: {
    site: { type: "string", default: `${ROOT}/scripts/fixtures/knowledge/site` },
    questions: { type: "string", default: `${ROOT}/scripts/fixtures/knowledge/questions.jsonl` },
  },
});
const siteDir = resolve(values.site!);
const questions = readQuestions(resolve(values.questions!));

const state = `${ROOT}/.bench/knowledge`;
rmSync(state, { recursive: true, force: true });
mkdirSync(state, { recursive: true });
const client = createClient({ url: `file:${join(state, "knowledge.db")}` });
await migrate(drizzle(client), { migrationsFolder: `${ROOT}/migrations` });
const db = createLibsqlDatabase(client);

const site = await serveFolder(siteDir);
try {
  const imported = await importSite(site.origin, siteDir);
  const sections = [...imported, ...fillerSections(Math.max(0, SECTIONS - imported.length), site.origin)];
  const organizationId = crypto.randomUUID();
  await db.insert(organizations).values({ id: organizationId, name: "Bench Business", slug: `bench-${organizationId}` });
  const [agent] = await db.insert(agents).values({ organizationId, name: "Bench" }).returning({ id: agents.id });
  for (let start = 0; start < sections.length; start += 200) {
    await db
      .insert(knowledgeEntries)
      .values(sections.slice(start, start + 200).map((section) => ({ organizationId, kind: "section" as const, source: "website" as const, ...section })));
  }
  const scope = { organizationId, agentId: agent!.id };

  const timings: number[] = [];
  const missed: string[] = [];
  let found = 0;
  for (const { question } of questions) await lookupKnowledge(db, scope, question); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const { question, answer_path } of questions) {
      const started = performance.now();
      const returned = await lookupKnowledge(db, scope, question);
      timings.push(performance.now() - started);
      if (round > 0) continue;
      if (returned.some((section) => section.sourceUrl === `${site.origin}/${answer_path}`)) found++;
      else missed.push(`  missed: ${question} (${answer_path}) → ${returned.map((section) => section.title).join(" | ") || "nothing"}`);
    }
  }
  const recall = questions.length ? found / questions.length : 0;
  const p95 = percentile(timings, 95);
  if (missed.length) console.log(missed.join("\n"));
  console.log(
    `knowledge: recall_at_3=${found} of ${questions.length} (${Math.round(recall * 100)} %) lookup_p95_ms=${p95.toFixed(2)} sections=${sections.length} (${imported.length} imported)`,
  );
  if (recall < TARGET_RECALL || p95 > TARGET_P95_MS) {
    console.error(`Below target: recall_at_3 must be at least ${TARGET_RECALL * 100} % and lookup_p95_ms at most ${TARGET_P95_MS}.`);
    process.exitCode = 1;
  }
} finally {
  await site.close();
  client.close();
}
