import { env } from "cloudflare:test";
import { expect, it } from "vitest";

/** The migration that gives agents stored without a greeting the default one (issue 36), run again over such rows. */
it("backfills the default greeting for agents stored without one, and leaves a business's own alone", async () => {
  const backfill = env.TEST_MIGRATIONS.find((migration) => migration.name.includes("agent_greetings"));
  expect(backfill).toBeDefined();
  await env.DB.prepare("insert into organizations (id, name, slug) values ('org_backfill', 'Rosa''s Plumbing', 'org_backfill')").run();
  const agent = (id: string, name: string, greeting: string | null) =>
    env.DB.prepare("insert into agents (id, organization_id, name, greeting) values (?, 'org_backfill', ?, ?)").bind(id, name, greeting).run();
  await agent("agt_none", "Rosa", null);
  await agent("agt_blank", "Luis", "  ");
  await agent("agt_own", "Ana", "Rosa's Plumbing, Ana speaking.");
  for (const query of backfill!.queries) await env.DB.prepare(query).run();
  const { results } = await env.DB.prepare("select id, greeting from agents where organization_id = 'org_backfill' order by id").all();
  expect(results).toEqual([
    { id: "agt_blank", greeting: "Thanks for calling Rosa's Plumbing, this is Luis. How can I help?" },
    { id: "agt_none", greeting: "Thanks for calling Rosa's Plumbing, this is Rosa. How can I help?" },
    { id: "agt_own", greeting: "Rosa's Plumbing, Ana speaking." },
  ]);
});
