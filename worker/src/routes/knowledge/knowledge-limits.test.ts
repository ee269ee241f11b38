import { IMPORT_LIMITS, KNOWLEDGE_LIMIT_MESSAGES as L, type KnowledgeUsage, findPlan, knowledgeAllowance } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "../../../test/accounts";
import { SITES, readImport, runStoredImport } from "../../../test/knowledge-import-helpers";

/** The plan's bounds on knowledge (core's plan catalogue): entries an organization holds, characters in one entry. */

const growth = findPlan("growth")!.knowledge;
const TRIAL = knowledgeAllowance("Growth", true);

const create = (who: SignedUp, body: unknown) => call("/api/knowledge", { cookie: who.cookie, body });
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const usageOf = async (who: SignedUp) => {
  const response = await call("/api/knowledge/usage", { cookie: who.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { usage: KnowledgeUsage }).usage;
};
const held = async (organizationId: string) =>
  (await env.DB.prepare("select count(*) as held from knowledge_entries where organization_id = ?").bind(organizationId).first<number>("held")) ?? 0;

/** Fills the organization's knowledge with `count` typed sections, straight into the database. */
async function fill(organizationId: string, count: number) {
  const insert = env.DB.prepare("insert into knowledge_entries (id, organization_id, kind, title, body, source) values (?, ?, 'section', ?, 'Text', 'typed')");
  await env.DB.batch(Array.from({ length: count }, (_, index) => insert.bind(crypto.randomUUID(), organizationId, `Filled ${index}`)));
}

describe("the number of knowledge entries", () => {
  it(`stops typed entries at the plan's limit (the trial: Growth's ${growth.entries}) with plan_limit, and says how many are used`, async () => {
    const owner = await signUp({ company: "Full Dental" });
    expect(await usageOf(owner)).toEqual({ entries: 0, max_entries: growth.entries, max_entry_chars: growth.entryChars });
    await fill(owner.organizationId, growth.entries - 1);
    expect((await create(owner, { kind: "qa", question: "Parking?", answer: "Behind the building." })).status).toBe(201);
    expect(await usageOf(owner)).toMatchObject({ entries: growth.entries, max_entries: growth.entries });
    const refused = await create(owner, { kind: "qa", question: "Wi-Fi?", answer: "Yes." });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "plan_limit", message: L.full(TRIAL, growth.entries) });
    expect(await held(owner.organizationId)).toBe(growth.entries);
  });

  it("holds against a burst: of 20 entries sent at once with 5 places left, exactly 5 are kept", async () => {
    const owner = await signUp({ company: "Burst Dental" });
    await fill(owner.organizationId, growth.entries - 5);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => create(owner, { kind: "qa", question: `Burst ${index}?`, answer: "Yes." })));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(5);
    expect(answers.filter((response) => response.status === 403)).toHaveLength(15);
    expect(await held(owner.organizationId)).toBe(growth.entries);
  });

  it("counts an approved question and an agent's new knowledge base as entries too", async () => {
    const owner = await signUp({ company: "Question Dental" });
    await fill(owner.organizationId, growth.entries);
    const questionId = crypto.randomUUID();
    await env.DB.prepare(
      "insert into knowledge_questions (id, organization_id, text, normalized, call_ids) values (?, ?, 'Do you open on Sundays?', 'open sundays', '[]')",
    )
      .bind(questionId, owner.organizationId)
      .run();
    const answered = await call(`/api/knowledge/questions/${questionId}/answer`, { cookie: owner.cookie, body: { answer: "No, closed on Sundays." } });
    expect(answered.status).toBe(403);
    expect((await errorOf(answered)).code).toBe("plan_limit");
    const agent = await call("/api/agents", { cookie: owner.cookie, body: { name: "Desk", status: "inactive", knowledge_base: "We open at 8." } });
    expect(agent.status).toBe(403);
    expect(await errorOf(agent)).toEqual({ code: "plan_limit", message: L.full(TRIAL, growth.entries) });
    expect(await held(owner.organizationId)).toBe(growth.entries);
    // Nothing half-made: the refused agent was not created.
    const agents = (await (await call("/api/agents", { cookie: owner.cookie })).json()) as { agents: unknown[] };
    expect(agents.agents).toEqual([]);
  });
});

describe("the characters in one entry", () => {
  it(`refuses text past the plan's ${growth.entryChars.toLocaleString("en-US")} under its field, on create and on edit; a larger plan takes more`, async () => {
    const owner = await signUp({ company: "Long Dental" });
    const long = "x".repeat(growth.entryChars + 1);
    const refused = await create(owner, { kind: "section", title: "Prices", body: long });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({
      code: "validation_failed",
      message: L.text(TRIAL, growth.entryChars),
      fields: { body: L.text(TRIAL, growth.entryChars) },
    });
    const made = await create(owner, { kind: "section", title: "Prices", body: "x".repeat(growth.entryChars) });
    expect(made.status).toBe(201);
    const { entry } = (await made.json()) as { entry: { id: string } };
    const edited = await call(`/api/knowledge/${entry.id}`, { method: "PATCH", cookie: owner.cookie, body: { body: long } });
    expect(edited.status).toBe(400);
    expect((await errorOf(edited)).fields).toEqual({ body: L.text(TRIAL, growth.entryChars) });

    const agent = await call("/api/agents", { cookie: owner.cookie, body: { name: "Desk", status: "inactive", knowledge_base: long } });
    expect(agent.status).toBe(400);
    expect((await errorOf(agent)).fields).toEqual({ knowledge_base: L.text(TRIAL, growth.entryChars) });

    await env.DB.prepare("insert into subscriptions (organization_id, plan_slug, status) values (?, 'scale', 'active')").bind(owner.organizationId).run();
    expect((await usageOf(owner)).max_entry_chars).toBe(findPlan("scale")!.knowledge.entryChars);
    expect((await call(`/api/knowledge/${entry.id}`, { method: "PATCH", cookie: owner.cookie, body: { body: long } })).status).toBe(200);
  });
});

describe("a website import at the limit", { timeout: 60_000 }, () => {
  it("stops at the plan's limit and says so: the page cut short and every page after it listed with why", async () => {
    const owner = await signUp({ company: "Import Full Bakery" });
    // The bakery's home page has 3 sections; 2 places are left.
    await fill(owner.organizationId, growth.entries - 2);
    const pages = ["/", "/prices", "/hours"].map((path) => `${SITES.bakery}${path}`);
    const id = await runStoredImport(owner.organizationId, SITES.bakery, pages, IMPORT_LIMITS);
    const done = await readImport(owner, id);
    expect(done).toMatchObject({
      status: "done",
      error: L.importStopped(growth.entries),
      pages_done: 3,
      sections_added: 2,
      failures: [
        { url: pages[0], reason: L.pageCut(2, 3, growth.entries) },
        { url: pages[1], reason: L.pageLeft(growth.entries) },
        { url: pages[2], reason: L.pageLeft(growth.entries) },
      ],
    });
    expect(await held(owner.organizationId)).toBe(growth.entries);
  });
});
