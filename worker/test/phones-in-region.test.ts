/**
 * Every phone an owner types is read in the organization's default region (Settings › Calls) by core's parsePhone and
 * stored as E.164 (issue 54b §3): the wizard's transfer numbers, blocked numbers, the digest phone, a new appointment's
 * phone and the test-call phone.
 */
import { APPOINTMENT_MESSAGES, ESCALATION_MESSAGES, type OrganizationSettings, TEST_CALL_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type SignedUp, call } from "./accounts";
import { book, bookingOrganization, localStart } from "./booking";

const createAgent = (who: SignedUp, numbers: string[]) =>
  call("/api/agents", { cookie: who.cookie, body: { name: "Rita", escalation_json: { numbers, transfer_hours: null, keywords: [] } } });

const patchSettings = (who: SignedUp, body: Record<string, unknown>) => call("/api/org/settings", { method: "PATCH", cookie: who.cookie, body });

const stored = async (agentId: string) =>
  JSON.parse((await env.DB.prepare("select escalation_json from agents where id = ?").bind(agentId).first<string>("escalation_json")) ?? "{}");

describe("phones an owner types, in the organization's default region", { timeout: 60_000 }, () => {
  it("US: the wizard's transfer number (720) 555-0123 is taken and stored as +17205550123; a new appointment's phone likewise", async () => {
    const { owner, serviceId } = await bookingOrganization("Rita's Dental");
    const created = await createAgent(owner, ["(720) 555-0123", "+44 20 7946 0958"]);
    expect(created.status).toBe(201);
    const { agent } = (await created.json()) as { agent: { id: string; escalation_json: { numbers: string[] } } };
    expect(agent.escalation_json.numbers).toEqual(["+17205550123", "+442079460958"]);
    expect((await stored(agent.id)).numbers).toEqual(["+17205550123", "+442079460958"]);

    const booked = await book(owner, { service_id: serviceId, start: localStart(3, "10:00"), name: "Ana", phone: "720.555.0199" });
    expect(booked.status).toBe(201);
    expect(((await booked.json()) as { appointment: { phone: string } }).appointment.phone).toBe("+17205550199");
    const refused = await book(owner, { service_id: serviceId, start: localStart(3, "11:00"), name: "Ana", phone: "555-0199" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.phone).toBe(APPOINTMENT_MESSAGES.phone);
  });

  it("GB: 020 7946 0958 is +442079460958 in transfer numbers, blocked numbers and the digest phone; a US national number is refused", async () => {
    const { owner, serviceId } = await bookingOrganization("Rita's London Dental");
    expect((await patchSettings(owner, { default_region: "GB" })).status).toBe(200);
    const me = (await (await call("/api/account/me", { cookie: owner.cookie })).json()) as { organization: { default_region: string } };
    expect(me.organization.default_region).toBe("GB");

    const created = await createAgent(owner, ["020 7946 0958"]);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { agent: { escalation_json: { numbers: string[] } } }).agent.escalation_json.numbers).toEqual(["+442079460958"]);
    const refused = await createAgent(owner, ["(720) 555-0123"]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.escalation_json).toBe(ESCALATION_MESSAGES.numbers);

    const saved = await patchSettings(owner, { blocked_numbers: ["020 7946 0958", "+1 (720) 555-0123"], digest_phone: "07700 900123" });
    expect(saved.status).toBe(200);
    const { settings } = (await saved.json()) as { settings: OrganizationSettings };
    expect(settings.blocked_numbers).toEqual(["+442079460958", "+17205550123"]);
    expect(settings.digest_phone).toBe("+447700900123");

    const booked = await book(owner, { service_id: serviceId, start: localStart(3, "10:00"), name: "Ana", phone: "07700 900124" });
    expect(booked.status).toBe(201);
    expect(((await booked.json()) as { appointment: { phone: string } }).appointment.phone).toBe("+447700900124");
  });

  it("the test-call phone is read in the region too: a number that is none there is refused with words, before any call", async () => {
    const { owner, agentId } = await bookingOrganization("Rita's Test Calls", { number: true });
    expect((await patchSettings(owner, { default_region: "GB" })).status).toBe(200);
    const refused = await call(`/api/agents/${agentId}/test-call`, { cookie: owner.cookie, body: { phone: "(720) 555-0123" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.phone).toBe(TEST_CALL_MESSAGES.phone);
    // 07700 900123 is read as a UK mobile: the organization's allowed countries (US, CA) then refuse it by name, not its format.
    const abroad = await call(`/api/agents/${agentId}/test-call`, { cookie: owner.cookie, body: { phone: "07700 900123" } });
    expect(((await abroad.json()) as { error: { code: string } }).error.code).toBe("destination_not_allowed");
  });
});
