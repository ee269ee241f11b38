import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { createD1Database } from "../../db/client";
import { DEMO, seedDemoOrganization } from "../../db/seed";
import { createLogger } from "../../logger";
import { saveIntegration } from "../integrations/store";
import { type ToolCall, runTool } from "../../voice/tools";
import { testServices } from "../../../test/services";
import { SIMULATED } from "../../../test/simulators";
import { toolDepsOf } from "../../../test/tool-call";
import { callSid } from "../../../test/twilio";

const services = testServices();
const db = createD1Database(env.DB);
const log = createLogger({ test: "crm" }, "error");
const depsOf = (call: ToolCall) => toolDepsOf(call, services, log);
const crmRequests = async () =>
  (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; authorization: string | null; body: unknown }[];

async function organizationWith(provider: string | null, credentials: Record<string, string> = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into organizations (id, name, slug) values (?, ?, ?)").bind(id, `CRM ${provider}`, `crm-${id}`).run();
  if (provider) {
    await saveIntegration(db, services.config, id, provider as "hubspot", credentials);
  }
  const call: ToolCall = {
    callId: crypto.randomUUID(),
    callSid: callSid(),
    organizationId: id,
    agentId: DEMO.agentId,
    businessNumber: DEMO.phoneNumber,
    callerNumber: "+14155552671",
    escalationJson: "{}",
    allowedCountries: ["US", "CA"],
    test: false,
    tools: ["push_crm_lead"],
  };
  await env.DB.prepare("insert into calls (id, call_sid, organization_id, from_number, to_number) values (?, ?, ?, ?, ?)")
    .bind(call.callId, call.callSid, id, call.callerNumber, call.businessNumber)
    .run();
  return call;
}

const LEAD = JSON.stringify({ name: "Grace Hopper", phone: "+14155550123", email: "grace@example.com", intent: "quote", notes: "Two bathrooms" });

beforeAll(async () => {
  await seedDemoOrganization(db, "unused-password-hash");
});

describe("push_crm_lead", () => {
  it("saves the lead and posts it to the organization's Zapier webhook", async () => {
    const call = await organizationWith("zapier", OWN.zapier);
    const result = await runTool("push_crm_lead", LEAD, call, await depsOf(call));
    expect(result).toMatchObject({ ok: true, saved_to: "zapier" });
    const sent = (await crmRequests()).filter((r) => r.path === new URL(OWN.zapier.webhook_url).pathname).at(-1);
    expect(sent?.body).toMatchObject({ event: "lead.created", lead: { name: "Grace Hopper", phone: "+14155550123", intent: "quote", callId: call.callId } });
    const row = await env.DB.prepare("select crm_synced_at, organization_id from leads where call_id = ?")
      .bind(call.callId)
      .first<{ crm_synced_at: number | null; organization_id: string }>();
    expect(row?.crm_synced_at).toBeGreaterThan(0);
  });

  it("creates a HubSpot contact with the private app token", async () => {
    const call = await organizationWith("hubspot", OWN.hubspot);
    expect(await runTool("push_crm_lead", LEAD, call, await depsOf(call))).toMatchObject({ ok: true, saved_to: "hubspot" });
    const sent = (await crmRequests()).filter((r) => r.path === "/crm/v3/objects/contacts").at(-1);
    expect(sent).toMatchObject({
      authorization: `Bearer ${OWN.hubspot.private_app_token}`,
      body: { properties: { firstname: "Grace", lastname: "Hopper", phone: "+14155550123", email: "grace@example.com" } },
    });
  });

  it("creates a GoHighLevel contact in the location, with the private integration token (API v2)", async () => {
    const call = await organizationWith("gohighlevel", OWN.gohighlevel);
    expect(await runTool("push_crm_lead", LEAD, call, await depsOf(call))).toMatchObject({ ok: true, saved_to: "gohighlevel" });
    expect((await crmRequests()).filter((r) => r.path === "/contacts/").at(-1)?.body).toMatchObject({
      locationId: OWN.gohighlevel.location_id,
      firstName: "Grace",
      tags: ["quote"],
    });
  });

  it("keeps the lead and tells the model when the CRM refuses it", async () => {
    const call = await organizationWith("hubspot", { private_app_token: "revoked-token" });
    const result = await runTool("push_crm_lead", LEAD, call, await depsOf(call));
    expect(result).toMatchObject({ ok: true, saved_to: "the business's lead list", crm_error: "hubspot did not accept the lead; the team will sync it." });
    const row = await env.DB.prepare("select crm_synced_at from leads where call_id = ?").bind(call.callId).first<{ crm_synced_at: number | null }>();
    expect(row?.crm_synced_at).toBeNull();
  });

  it("saves to the lead list when no CRM is configured, and asks for the name and phone it needs", async () => {
    const call = await organizationWith(null);
    expect(await runTool("push_crm_lead", LEAD, call, await depsOf(call))).toMatchObject({ ok: true, saved_to: "the business's lead list" });
    expect(await runTool("push_crm_lead", "{}", { ...call, callerNumber: "" }, await depsOf(call))).toEqual({
      ok: false,
      error: "I need the caller's name and phone number to save the lead.",
    });
    expect(await runTool("push_crm_lead", "not json", call, await depsOf(call))).toEqual({ ok: false, error: "The tool arguments were not valid JSON." });
  });
});
