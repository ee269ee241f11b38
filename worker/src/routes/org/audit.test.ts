import { slotLabel } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../test/accounts";
import { book, bookingOrganization, localStart, ZONE } from "../../../test/booking";

type Entry = { action: string; target: string | null; summary: string };
const activity = async (cookie: string) => ((await (await call("/api/org/audit", { cookie })).json()) as { entries: Entry[] }).entries;

describe("the activity log", () => {
  it("names what changed in the owner's words, never an id", async () => {
    const { owner } = await bookingOrganization("Bright Smile Dental");
    const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Sofia" } });
    const { agent } = (await created.json()) as { agent: { id: string } };
    await call(`/api/agents/${agent.id}`, { method: "PATCH", cookie: owner.cookie, body: { greeting: "Thanks for calling Bright Smile Dental." } });
    const service = (await (await call("/api/services", { cookie: owner.cookie, body: { name: "Cleaning", duration_minutes: 60 } })).json()) as {
      service: { id: string };
    };
    const start = localStart(2, "10:00");
    expect((await book(owner, { service_id: service.service.id, start, name: "Ada Lovelace", phone: "+15125550111" })).status).toBe(201);
    await call("/api/org/invitations", { cookie: owner.cookie, body: { email: "front.desk@brightsmile.example", role: "viewer" } });
    await call(`/api/agents/${agent.id}`, { method: "DELETE", cookie: owner.cookie });
    await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { transcript_retention_days: 30 } });

    const summaries = (await activity(owner.cookie)).map((entry) => entry.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        "Account and business created",
        "Agent Sofia created",
        "Agent Sofia edited (greeting)",
        // Deleted, and still named: the entry kept the name.
        "Agent Sofia deleted",
        "Service Cleaning created",
        `Appointment for Ada Lovelace on ${slotLabel(new Date(start), ZONE)} booked from the dashboard`,
        "Invited front.desk@brightsmile.example as viewer",
        "Settings changed (transcript retention days)",
      ]),
    );
    for (const summary of summaries) expect(summary).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|_/);
  });

  it("names only the caller's own things: another organization's id in a target stays unnamed", async () => {
    const owner = await signUp({ company: "Names Own" });
    const other = await signUp({ company: "Names Other" });
    const theirs = (await (await call("/api/agents", { cookie: other.cookie, body: { name: "Secret Agent" } })).json()) as { agent: { id: string } };
    // The caller's entry pointing at another organization's agent (never written by the product; the lookup is scoped all the same).
    await env.DB.prepare("insert into audit_log (id, organization_id, action, target) values (?, ?, 'agent_updated', ?)")
      .bind(crypto.randomUUID(), owner.organizationId, theirs.agent.id)
      .run();
    const summaries = (await activity(owner.cookie)).map((entry) => entry.summary);
    expect(summaries).toContain("An agent edited");
    expect(summaries.join(" ")).not.toContain("Secret Agent");
  });
});
