import type { GettingStartedResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../test/accounts";

describe("GET /api/org/getting-started", () => {
  it("ticks each step from the organization's own data", async () => {
    const owner = await signUp({ company: "Checklist Plumbing" });
    const done = async () =>
      Object.fromEntries(
        ((await (await call("/api/org/getting-started", { cookie: owner.cookie })).json()) as GettingStartedResource).steps.map((step) => [step.id, step.done]),
      );
    expect(await done()).toEqual({ agent: false, number: false, test_call: false, widget: false, plan: false });

    const agent = (await (await call("/api/agents", { cookie: owner.cookie, body: { name: "Dana" } })).json()) as { agent: { id: string } };
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, '+17375559901', ?, 'active')")
      .bind(crypto.randomUUID(), owner.organizationId, agent.agent.id)
      .run();
    const placed = (transcript: string | null) =>
      env.DB.prepare(
        "insert into calls (id, call_sid, organization_id, from_number, to_number, transcript) values (?, ?, ?, '+17375559901', '+14155552671', ?)",
      )
        .bind(crypto.randomUUID(), `CA${crypto.randomUUID().replace(/-/g, "")}`, owner.organizationId, transcript)
        .run();
    // A test call nobody answered, or one that hung up before the agent spoke, is not a test call placed.
    await placed(null);
    await placed(JSON.stringify([{ role: "user", content: "Hello?" }]));
    expect(await done()).toMatchObject({ agent: true, number: true, test_call: false, widget: false });
    await placed(JSON.stringify([{ role: "assistant", content: "Thanks for calling Checklist Plumbing, this is Dana. How can I help?" }]));
    expect(await done()).toMatchObject({ agent: true, number: true, test_call: true, widget: false });

    // The widget loads on the business's own site: its config request names that origin.
    await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { allowed_origins: ["https://checklist.example"] } });
    const key = ((await (await call("/api/org/settings", { cookie: owner.cookie })).json()) as { widget_key: string }).widget_key;
    // From this site itself (the settings preview) it does not count.
    await call(`/api/widget/config?key=${key}`);
    expect((await done()).widget).toBe(false);
    expect((await call(`/api/widget/config?key=${key}`, { origin: "https://checklist.example" })).status).toBe(200);
    await expect.poll(async () => (await done()).widget).toBe(true);

    await env.DB.prepare("insert into subscriptions (organization_id, plan_slug, status) values (?, 'starter', 'active')").bind(owner.organizationId).run();
    const all = (await (await call("/api/org/getting-started", { cookie: owner.cookie })).json()) as GettingStartedResource;
    expect(all.complete).toBe(true);
  });
});
