import type { TestRunResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { type SignedUp, call, signUp } from "./accounts";

/** A business whose agent (`agent`) answers `number`: what a Test Suite run calls. */
export async function businessOnNumber(company: string, number: string, agent = "Rosa"): Promise<SignedUp> {
  const owner = await signUp({ company });
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: agent } });
  const { agent: saved } = (await created.json()) as { agent: { id: string } };
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, saved.id)
    .run();
  return owner;
}

/** A Test Suite run once it has finished (or after a minute, as it was then). */
export async function finishedRun(who: SignedUp, id: string): Promise<TestRunResource> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { test_run } = (await (await call(`/api/test-suite/runs/${id}`, { cookie: who.cookie })).json()) as { test_run: TestRunResource };
    if (test_run.status !== "running" || Date.now() > deadline) return test_run;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
