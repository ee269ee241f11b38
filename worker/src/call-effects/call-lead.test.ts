import { type BusinessLead, type OverviewResource, leadNeed } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "../../test/accounts";
import { bookingOrganization, localStart } from "../../test/booking";
import { testServices } from "../../test/services";
import { toolCallOf } from "../../test/tool-call";
import { createLogger } from "../logger";
import { saveIntegration } from "../services/integrations/store";
import { runTool } from "../voice/tools";

const services = testServices();
const log = createLogger({ test: "call-lead" }, "error");

const leadsOf = async (cookie: string) => ((await (await call("/api/leads", { cookie })).json()) as { leads: BusinessLead[] }).leads;
const overviewOf = async (cookie: string) => ((await (await call("/api/overview", { cookie })).json()) as { overview: OverviewResource }).overview;
const leadRows = (callId: string) => env.DB.prepare("select name, phone, intent, notes, crm_synced_at from leads where call_id = ?").bind(callId).all();

describe("a caller who booked", () => {
  it("is in Leads with the booking, counted in Overview's leads captured, and stays one lead however the call saves them", async () => {
    const org = await bookingOrganization("Bright Smile Dental", { number: true });
    const { call: live, deps } = await toolCallOf(org, services, log, { caller: "+15125550111", tools: ["book_appointment", "push_crm_lead"] });
    const start = localStart(2, "10:00");
    const booked = (await runTool(
      "book_appointment",
      JSON.stringify({ name: "Ada Lovelace", phone: "+15125550111", start, notes: "Cleaning" }),
      live,
      deps,
    )) as Record<string, unknown>;
    expect(booked.ok).toBe(true);

    const [lead, ...others] = await leadsOf(org.owner.cookie);
    expect(others).toEqual([]);
    expect(lead).toMatchObject({
      source: "call",
      call_id: live.callId,
      name: "Ada Lovelace",
      phone: "+15125550111",
      intent: "book_appointment",
      notes: "Cleaning",
    });
    expect(lead!.appointments).toEqual([expect.objectContaining({ id: booked.appointment_id, start, status: "booked", label: booked.booked_for })]);
    expect((await overviewOf(org.owner.cookie)).leads_captured).toBe(1);

    // The agent saves the same caller too: the one lead takes what they told, no second row.
    const saved = await runTool("push_crm_lead", JSON.stringify({ name: "Ada Lovelace", phone: "+15125550111", intent: "Teeth cleaning" }), live, deps);
    expect(saved).toMatchObject({ ok: true, lead_id: lead!.id });
    expect((await leadRows(live.callId)).results).toEqual([expect.objectContaining({ intent: "Teeth cleaning", notes: "Cleaning" })]);

    // After the call, its CRM push marks that lead sent rather than adding another.
    await saveIntegration(services.db, services.config, org.owner.organizationId, "hubspot", { ...OWN.hubspot });
    const crm = (await (await services.providersFor(org.owner.organizationId)).crm())!;
    const pushed = await deps.effects.pushLead({
      crm,
      lead: { name: "Ada Lovelace", phone: "+15125550111", email: null, intent: "Book a cleaning", notes: "Ada booked a cleaning.", properties: {} },
      again: false,
    });
    expect(pushed).toBe("pushed");
    const rows = (await leadRows(live.callId)).results as { intent: string; crm_synced_at: number | null }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ intent: "Teeth cleaning" });
    expect(rows[0]!.crm_synced_at).toBeGreaterThan(0);
    expect((await overviewOf(org.owner.cookie)).leads_captured).toBe(1);
  });

  it("says in Leads what they want in one sentence, the call's summary once analysed, never the caller's lines", async () => {
    const org = await bookingOrganization("Clear Dental", { number: true });
    const { call: live, deps } = await toolCallOf(org, services, log, { caller: "+15125550113", tools: ["book_appointment"] });
    const notes = "Hi, this is Ada Lovelace. I'd like to come in for a cleaning. Tuesday morning works for me.";
    const booked = await runTool(
      "book_appointment",
      JSON.stringify({ name: "Ada Lovelace", phone: "+15125550113", start: localStart(3, "10:00"), notes }),
      live,
      deps,
    );
    expect(booked.ok).toBe(true);
    // Before the call is summarised: the lead's intent, in words.
    const [before] = await leadsOf(org.owner.cookie);
    expect(before!.summary).toBeNull();
    expect(leadNeed(before!)).toBe("Book an appointment");
    const summary = "[NAME] called to book a cleaning. The appointment was booked for Tuesday morning.";
    await env.DB.prepare("update calls set summary = ?, processing_status = 'processed' where id = ?").bind(summary, live.callId).run();
    const [after] = await leadsOf(org.owner.cookie);
    expect(after!.summary).toBe(summary);
    expect(leadNeed(after!)).toBe("Ada Lovelace called to book a cleaning.");
  });

  it("on a Test Suite call is no lead: nothing is stored", async () => {
    const org = await bookingOrganization("Test Suite Dental", { number: true });
    const { call: test, deps } = await toolCallOf(org, services, log, { test: true });
    const booked = await runTool("book_appointment", JSON.stringify({ name: "Test Caller", phone: "+15125550112", start: localStart(2, "11:00") }), test, deps);
    expect(booked.ok).toBe(true);
    expect(await leadsOf(org.owner.cookie)).toEqual([]);
  });
});
