import type { KnowledgeEntry, TestRunResource, TestScenario } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { finishedRun as finished } from "./test-suite-runs";
import { type SignedUp, call, signUp } from "./accounts";
import { SITES, importedToEnd } from "./knowledge-import-helpers";

async function websiteScenario(who: SignedUp): Promise<TestScenario> {
  const { scenarios } = (await (await call("/api/test-suite", { cookie: who.cookie })).json()) as { scenarios: TestScenario[] };
  return scenarios.find((scenario) => scenario.id === "website")!;
}

const NO_WEBSITE = "Import your website on the Knowledge page so this scenario can ask about it.";
const NO_WEBSITE_PRICE =
  "None of the imported pages your agent may use gives a price that the rest of its knowledge does not. Import the page with your prices on the Knowledge page.";

describe("the Test Suite's “Answers from the website”", { timeout: 90_000 }, () => {
  it("asks about a price only an imported page gives, and passes only when the agent says it", async () => {
    const owner = await signUp({ company: "Website Bakery" });
    const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Ana" } });
    const { agent } = (await created.json()) as { agent: { id: string } };
    const other = (await (await call("/api/agents", { cookie: owner.cookie, body: { name: "Eli" } })).json()) as { agent: { id: string } };
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), owner.organizationId, "+14155550163", agent.id)
      .run();

    // Nothing imported: the card says what to do, and a run is refused with the same words.
    expect(await websiteScenario(owner)).toMatchObject({ title: "Answers from the website", lines: [], blocker: NO_WEBSITE });
    const refused = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "website" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { fields: { website: NO_WEBSITE } } });

    // The bakery's prices page imported: the first price on it is asked in a caller's words (the fixture's edition sets it).
    const { final } = await importedToEnd(owner, { url: SITES.bakery, pages: [`${SITES.bakery}/prices`, `${SITES.bakery}/hours`] });
    expect(final.status).toBe("done");
    const { entries } = (await (await call("/api/knowledge?source=website", { cookie: owner.cookie })).json()) as { entries: KnowledgeEntry[] };
    const bread = entries.find((entry) => entry.title === "Bread")!;
    const loaf = /Sourdough loaf: (\$\d+)\./.exec(bread.body!)![1]!;
    const scenario = await websiteScenario(owner);
    expect(scenario).toMatchObject({ lines: ["How much is the sourdough loaf?"], checks: [{ expect: "says", phrase: loaf }], blocker: null });

    const started = await call("/api/test-suite/runs", { cookie: owner.cookie, body: { scenario: "website" } });
    expect(started.status).toBe(202);
    const result = await finished(owner, ((await started.json()) as { test_run: TestRunResource }).test_run.id);
    expect([result.status, result.verdict]).toEqual(["passed", `Ana said “${loaf}”.`]);
    const stored = await env.DB.prepare("select transcript from calls where id = ?").bind(result.call_id).first<{ transcript: string }>();
    const said = (JSON.parse(stored!.transcript) as { role: string; content: string }[]).filter((turn) => turn.role === "assistant");
    expect(said.map((turn) => turn.content).join(" ")).toContain(`Sourdough loaf: ${loaf}.`);

    // A price the agent's own knowledge box also gives is not only on the website: the next one on the page is asked.
    await call(`/api/agents/${agent.id}`, { cookie: owner.cookie, method: "PATCH", body: { knowledge_base: `Our sourdough loaf is ${loaf}.` } });
    const baguette = /Baguette: (\$\d+)\./.exec(bread.body!)![1]!;
    expect(await websiteScenario(owner)).toMatchObject({ lines: ["How much is the baguette?"], checks: [{ expect: "says", phrase: baguette }] });

    // Pages the agent may not use are not asked about: the prices go to Eli alone, and Ana's pages give no price.
    for (const entry of entries.filter((candidate) => candidate.source_url?.endsWith("/prices")))
      expect((await call(`/api/knowledge/${entry.id}`, { cookie: owner.cookie, method: "PATCH", body: { agent_ids: [other.agent.id] } })).status).toBe(200);
    expect(await websiteScenario(owner)).toMatchObject({ lines: [], blocker: NO_WEBSITE_PRICE });
  });
});
