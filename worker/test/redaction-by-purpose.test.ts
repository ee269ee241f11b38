/**
 * Redaction by purpose (DESIGN.md), end to end: with PII redaction on (the default), a caller who leaves their name and
 * number and books, through the real webhook, bridge, tools and post-call pipeline. The records of speech (transcript,
 * summary) are stored redacted; the contact details the caller gave (the call's entities, the lead, the appointment, the
 * alert's "who called") are kept as given for owners and admins, and every endpoint a viewer reads masks them.
 */
import type { AppointmentResource, BusinessLead, CallDetailResource, CallResource, OverviewResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sendCallAlert } from "../src/after-call/call-alerts";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { AROUND_THE_CLOCK, ZONE } from "./booking";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { liveCall } from "./spoken-call";
import { callSid } from "./twilio";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

const NUMBER = "+16465550151";
/** The number the caller rings from; the one they leave is another. */
const CALLER = "+14155550163";
const GIVEN_PHONE = "+14155550142";

let owner: SignedUp;
let admin: SignedUp;
let viewer: SignedUp;
let callId: string;
let stored: Record<string, string | null>;

const readAs = async <T>(who: SignedUp, path: string): Promise<T> => {
  const response = await call(path, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** A processed call from CALLER, stored as said (redaction off when it was analysed): its id. */
async function storedCall(said: string, summary: string, entities: Record<string, string>): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into calls (id, call_sid, organization_id, from_number, to_number, status, transcript, summary, entities, processing_status) values (?, ?, ?, ?, ?, 'completed', ?, ?, ?, 'processed')",
  )
    .bind(id, callSid(), owner.organizationId, CALLER, NUMBER, JSON.stringify([{ role: "user", content: said }]), summary, JSON.stringify(entities))
    .run();
  return id;
}

beforeAll(async () => {
  owner = await signUp({ company: "Purpose Plumbing" });
  admin = await inviteAndJoin(owner, "admin");
  viewer = await inviteAndJoin(owner, "viewer");
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Rosa", business_hours_tz: ZONE, hours_json: AROUND_THE_CLOCK } });
  expect(created.status).toBe(201);
  const { agent } = (await created.json()) as { agent: { id: string } };
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agent.id)
    .run();
  const live = await liveCall(callSid(), CALLER, NUMBER);
  await live.say("Hi, this is Ada Lovelace, my number is +1 415 555 0142. I'd like a quote for a new water heater.");
  await live.say("Can I also book a visit for tomorrow morning?");
  await live.say("The first one, please.");
  stored = await live.hangUp();
  callId = live.callId;
}, 90_000);

describe("with PII redaction on, after a call that left a lead and booked", { timeout: 60_000 }, () => {
  it("stores the transcript and summary redacted, and the caller's contact details as given", async () => {
    const transcript = JSON.parse(String(stored.transcript)) as { role: string; content: string }[];
    expect(transcript.find((entry) => entry.role === "user")?.content).toBe(
      "Hi, this is [NAME], my number is [PHONE]. I'd like a quote for a new water heater.",
    );
    expect(String(stored.summary)).toMatch(/^\[NAME\] called/);
    expect(JSON.parse(String(stored.entities))).toMatchObject({ name: "Ada Lovelace", phone: "+1 415 555 0142" });
  });

  it("the owner's call detail names the caller in its entities, with the transcript and summary redacted", async () => {
    const { call: detail } = await readAs<{ call: CallDetailResource }>(owner, `/api/calls/${callId}`);
    expect(detail.entities).toMatchObject({ name: "Ada Lovelace", phone: "+1 415 555 0142" });
    expect(detail.redacted).toBe(true);
    expect(detail.transcript.find((entry) => entry.role === "user")?.content).toContain("this is [NAME]");
    expect(JSON.stringify(detail.transcript)).not.toContain("Lovelace");
    expect(detail.summary).toMatch(/^\[NAME\] called/);
  });

  it("the owner's leads and appointments hold the caller as given", async () => {
    const { leads } = await readAs<{ leads: BusinessLead[] }>(owner, "/api/leads");
    expect(leads.find((lead) => lead.call_id === callId)).toMatchObject({ name: "Ada Lovelace", phone: GIVEN_PHONE });
    const { appointments } = await readAs<{ appointments: AppointmentResource[] }>(owner, "/api/appointments");
    expect(appointments.find((appointment) => appointment.call_id === callId)).toMatchObject({ name: "Ada Lovelace", phone: GIVEN_PHONE });
  });

  it("the alert e-mail names the caller and their numbers", async () => {
    // The call's own alarm alerted already, on the test bindings that have no mail provider: sent again here, to the
    // mail simulator, by the same function.
    await env.DB.prepare("update calls set alerted_at = null where id = ?").bind(callId).run();
    const services = testServices({ MAIL_API_KEY: SIMULATED.mailApiKey, MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}` });
    expect((await sendCallAlert(services, callId, callEffectsOf))?.emailed).toEqual([owner.email]);
    const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as {
      path: string;
      body: { to: string[]; subject: string; text: string };
    }[];
    const mail = requests.find((request) => request.path === "/emails" && request.body.text.includes(`calls?call=${callId}`))?.body;
    expect(mail?.subject).toBe("New appointment booked: Ada Lovelace");
    expect(mail?.text).toContain(`Ada Lovelace (${CALLER})`);
    expect(mail?.text).toContain("Phone: +1 415 555 0142");
  });
});

/** Each endpoint that returns the caller's contact details to a member: what it answers for this call. */
const CONTACT_ROUTES: [string, (who: SignedUp) => Promise<{ name: string | undefined; phone: string | undefined }>][] = [
  [
    "GET /api/calls/:id (entities)",
    async (who) => (await readAs<{ call: CallDetailResource }>(who, `/api/calls/${callId}`)).call.entities as { name: string; phone: string },
  ],
  ["GET /api/leads", async (who) => (await readAs<{ leads: BusinessLead[] }>(who, "/api/leads")).leads.find((lead) => lead.call_id === callId)!],
  [
    "GET /api/appointments",
    async (who) =>
      (await readAs<{ appointments: AppointmentResource[] }>(who, "/api/appointments")).appointments.find((appointment) => appointment.call_id === callId)!,
  ],
];

describe.each(CONTACT_ROUTES)("%s: the caller's contact details by role", (_route, contactOf) => {
  it("owners and admins read them as given", async () => {
    for (const who of [owner, admin]) {
      const contact = await contactOf(who);
      expect(contact.name).toBe("Ada Lovelace");
      expect([GIVEN_PHONE, "+1 415 555 0142"]).toContain(contact.phone);
    }
  });

  it("viewers read them masked", async () => {
    const contact = await contactOf(viewer);
    expect({ name: contact.name, phone: contact.phone }).toEqual({ name: "[NAME]", phone: "[PHONE]" });
  });
});

/** Each endpoint that shows the number the caller rang from: the call list, the call's detail and Overview's recent calls. */
const CALLER_NUMBER_ROUTES: [string, (who: SignedUp) => Promise<CallResource | undefined>][] = [
  ["GET /api/calls", async (who) => (await readAs<{ calls: CallResource[] }>(who, "/api/calls")).calls.find((row) => row.id === callId)],
  ["GET /api/calls/:id", async (who) => (await readAs<{ call: CallDetailResource }>(who, `/api/calls/${callId}`)).call],
  [
    "GET /api/overview",
    async (who) => (await readAs<{ overview: OverviewResource }>(who, "/api/overview")).overview.recent_calls.find((row) => row.id === callId),
  ],
];

describe.each(CALLER_NUMBER_ROUTES)("%s: the number the caller rang from", (_route, callOf) => {
  it("owners and admins read it; a viewer reads it masked beside the business's own number", async () => {
    for (const who of [owner, admin]) expect(await callOf(who)).toMatchObject({ from_number: CALLER, to_number: NUMBER });
    expect(await callOf(viewer)).toMatchObject({ from_number: "[PHONE]", to_number: NUMBER });
  });
});

describe("a viewer's call detail", () => {
  it("masks the contact details and the speech even with redaction off, where owners read the call as said", async () => {
    expect((await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { pii_redaction: false } })).status).toBe(200);
    const said = await storedCall("I'm Grace Hopper, grace@example.com", "Grace Hopper asked for a quote.", {
      name: "Grace Hopper",
      email: "grace@example.com",
      intent: "Quote for Grace Hopper",
    });
    const asOwner = (await readAs<{ call: CallDetailResource }>(owner, `/api/calls/${said}`)).call;
    expect(asOwner).toMatchObject({ redacted: false, summary: "Grace Hopper asked for a quote." });
    expect(asOwner.entities).toEqual({ name: "Grace Hopper", email: "grace@example.com", intent: "Quote for Grace Hopper" });
    const asViewer = (await readAs<{ call: CallDetailResource }>(viewer, `/api/calls/${said}`)).call;
    expect(asViewer).toMatchObject({ redacted: true, summary: "[NAME] asked for a quote.", transcript: [{ content: "I'm [NAME], [EMAIL]" }] });
    expect(asViewer.entities).toEqual({ name: "[NAME]", email: "[EMAIL]", intent: "Quote for [NAME]" });
    expect((await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { pii_redaction: true } })).status).toBe(200);
  });
});

describe("a viewer's reading of the business's own names", () => {
  it("masks the caller but not the business's name, its agent's or its services' (issue 54)", async () => {
    expect((await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { pii_redaction: false } })).status).toBe(200);
    await env.DB.prepare("insert into services (id, organization_id, name, duration_minutes) values (?, ?, 'Water Heater Install', 60)")
      .bind(crypto.randomUUID(), owner.organizationId)
      .run();
    const said = await storedCall(
      "I'm Grace Hopper, I'd like a Water Heater Install from Purpose Plumbing.",
      "Grace Hopper called to book a Water Heater Install.",
      { name: "Grace Hopper", intent: "Book a Water Heater Install with Purpose Plumbing" },
    );
    await env.DB.prepare("insert into leads (id, organization_id, call_id, source, name, phone, intent) values (?, ?, ?, 'call', 'Grace Hopper', ?, ?)")
      .bind(crypto.randomUUID(), owner.organizationId, said, CALLER, "Water Heater Install for Grace Hopper")
      .run();
    const asViewer = (await readAs<{ call: CallDetailResource }>(viewer, `/api/calls/${said}`)).call;
    expect(asViewer.summary).toBe("[NAME] called to book a Water Heater Install.");
    expect(asViewer.transcript[0]?.content).toBe("I'm [NAME], I'd like a Water Heater Install from Purpose Plumbing.");
    expect(asViewer.entities).toEqual({ name: "[NAME]", intent: "Book a Water Heater Install with Purpose Plumbing" });
    const { leads } = await readAs<{ leads: BusinessLead[] }>(viewer, "/api/leads");
    expect(leads.find((lead) => lead.call_id === said)).toMatchObject({ name: "[NAME]", intent: "Water Heater Install for [NAME]" });
    expect((await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { pii_redaction: true } })).status).toBe(200);
  });
});
