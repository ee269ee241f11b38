/** A practice for the live-call tests: Grace answers at any hour on a number of its own. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { type SignedUp, call } from "./accounts";
import { ZONE } from "./booking";

const ALWAYS_OPEN = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));

/** Grace, the owner's agent, on a new number: the number. */
export async function gracesNumber(owner: SignedUp): Promise<string> {
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Grace", business_hours_tz: ZONE, hours_json: ALWAYS_OPEN } });
  expect(created.status).toBe(201);
  const { agent } = (await created.json()) as { agent: { id: string } };
  const number = `+1646${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, agent.id)
    .run();
  return number;
}
