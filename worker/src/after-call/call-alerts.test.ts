import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, inviteAndJoin, signUp, type SignedUp } from "../../test/accounts";
import { insertAppointment } from "../../test/booking";
import { testServices } from "../../test/services";
import { SIMULATED } from "../../test/simulators";
import { callSid } from "../../test/twilio";
import { sendCallAlert } from "./call-alerts";
import { callEffectsOf } from "../test-suite/call-effects-of";

const BUSINESS_NUMBER = "+14155550142";
const DIGEST_PHONE = "+14155550177";
const withMail = () => testServices({ MAIL_API_KEY: SIMULATED.mailApiKey, MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}` });

interface Mail {
  path: string;
  body: { to: string[]; subject: string; text: string };
}
const mailsAbout = async (marker: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as Mail[]).filter(
    (request) => request.path === "/emails" && request.body.text.includes(marker),
  );
const textsAbout = async (marker: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter(
    (request) => request.path.endsWith("/Messages.json") && request.form.Body?.includes(marker),
  );

let owner: SignedUp;
let admin: SignedUp;
let viewer: SignedUp;

/** A processed call of the owner's organization, with what the analysis extracted. */
async function processedCall(entities: Record<string, string>, options: { kind?: string; durationSeconds?: number; summary?: string } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, from_number, to_number, processing_status, transcript, entities, summary, duration_seconds, kind, direction)
     values (?, ?, ?, '+14155552671', ?, 'processed', '[{"role":"user","content":"Hello"}]', ?, ?, ?, ?, 'inbound')`,
  )
    .bind(
      id,
      callSid(),
      owner.organizationId,
      BUSINESS_NUMBER,
      JSON.stringify(entities),
      options.summary ? `${options.summary} Summary ${id}` : `Summary ${id}`,
      options.durationSeconds ?? 60,
      options.kind ?? "conversation",
    )
    .run();
  return id;
}

const settings = (patch: Record<string, unknown>) => call("/api/org/settings", { cookie: owner.cookie, method: "PATCH", body: patch });

beforeAll(async () => {
  owner = await signUp({ company: "Alert Plumbing" });
  admin = await inviteAndJoin(owner, "admin");
  viewer = await inviteAndJoin(owner, "viewer");
  expect((await settings({ digest_phone: DIGEST_PHONE })).status).toBe(200);
});

describe("call alerts", () => {
  it("a captured lead e-mails the owner and the members who opted in, and texts the digest phone, once", async () => {
    const optIn = await call("/api/org/members/me/alerts", { cookie: viewer.cookie, method: "PUT", body: { call_alerts: true } });
    expect(optIn.status).toBe(200);
    expect(await optIn.json()).toEqual({ call_alerts: true });
    const id = await processedCall({ name: "Grace Hopper", phone: "+14155550199", intent: "water heater quote", urgency: "" });
    const result = await sendCallAlert(withMail(), id, callEffectsOf);
    expect({ ...result, emailed: result?.emailed.sort() }).toEqual({ reason: "lead", emailed: [owner.email, viewer.email].sort(), texted: DIGEST_PHONE });
    const mails = await mailsAbout(`calls?call=${id}`);
    expect(mails.map((mail) => mail.body.to[0]).sort()).toEqual([owner.email, viewer.email].sort());
    expect(mails.map((mail) => mail.body.to[0])).not.toContain(admin.email);
    const toOwner = mails.find((mail) => mail.body.to[0] === owner.email)!.body;
    // Who called, by name and both numbers (PII redaction is on: it masks speech, not the contact details a caller leaves).
    expect(toOwner.subject).toBe("New lead: Grace Hopper");
    expect(toOwner.text).toContain("New lead for Alert Plumbing: Grace Hopper (+14155552671).");
    expect(toOwner.text).toContain("Phone: +14155550199");
    expect(toOwner.text).toContain("Wants: water heater quote");
    expect(toOwner.text).toContain(`Summary ${id}`);
    expect(toOwner.text).toContain(`https://nikki.test/dashboard/calls?call=${id}`);
    const [text] = await textsAbout(`Summary ${id}`);
    expect(text?.form).toMatchObject({ To: DIGEST_PHONE, From: BUSINESS_NUMBER });
    expect(text?.form.Body).toContain("Grace Hopper");
    // Analysed again, or a second alarm: nothing is sent twice.
    expect(await sendCallAlert(withMail(), id, callEffectsOf)).toBeNull();
    expect(await mailsAbout(`calls?call=${id}`)).toHaveLength(2);
  });

  it("a viewer who opted in reads the caller's contact details masked, as the dashboard shows them to viewers", async () => {
    expect((await call("/api/org/members/me/alerts", { cookie: viewer.cookie, method: "PUT", body: { call_alerts: true } })).status).toBe(200);
    const id = await processedCall({ name: "Grace Hopper", phone: "+14155550199", email: "grace@example.com", intent: "quote for Grace's heater" });
    await sendCallAlert(withMail(), id, callEffectsOf);
    const toViewer = (await mailsAbout(`calls?call=${id}`)).find((mail) => mail.body.to[0] === viewer.email)!.body;
    expect(toViewer.subject).toBe("New lead: [NAME]");
    expect(toViewer.text).toContain("Phone: [PHONE]");
    expect(toViewer.text).toContain("E-mail: [EMAIL]");
    expect(toViewer.text).toContain("Wants: quote for [NAME]'s heater");
    for (const detail of ["Grace", "+14155550199", "grace@example.com"]) expect(toViewer.text).not.toContain(detail);
  });

  it("names the caller where the stored summary masks them, as the e-mail does, and 'The caller' when unknown or hidden", async () => {
    expect((await call("/api/org/members/me/alerts", { cookie: viewer.cookie, method: "PUT", body: { call_alerts: true } })).status).toBe(200);
    const summary = "[NAME] wants a cleaning with [NAME]. Asked whether [PHONE] is on file.";
    const named = await processedCall({ name: "Ada Lovelace", phone: "+14155550131" }, { summary });
    await sendCallAlert(withMail(), named, callEffectsOf);
    // Found by the link: a viewer's summary is masked, and a run of digits in the id can read as a phone number.
    const mails = await mailsAbout(`calls?call=${named}`);
    const toOwner = mails.find((mail) => mail.body.to[0] === owner.email)!.body.text;
    expect(toOwner).toContain("Ada Lovelace wants a cleaning with someone.");
    expect(toOwner).not.toContain("[NAME]");
    // A viewer does not read the name: the summary says "The caller", as plainly.
    const toViewer = mails.find((mail) => mail.body.to[0] === viewer.email)!.body.text;
    expect(toViewer).toContain("The caller wants a cleaning with someone.");
    expect(toViewer).not.toContain("Ada");
    const unnamed = await processedCall({ name: "", phone: "", urgency: "urgent" }, { summary });
    await sendCallAlert(withMail(), unnamed, callEffectsOf);
    const anonymous = (await mailsAbout(`calls?call=${unnamed}`)).find((mail) => mail.body.to[0] === owner.email)!.body.text;
    expect(anonymous).toContain("The caller wants a cleaning with someone.");
  });

  it("an urgent caller alerts even without a lead; a plain question, a hang-up and a test call do not", async () => {
    const urgent = await processedCall({ name: "", phone: "", urgency: "Emergency - pipe burst" });
    expect((await sendCallAlert(withMail(), urgent, callEffectsOf))?.reason).toBe("urgent");
    expect((await mailsAbout(`Summary ${urgent}`))[0]?.body.subject).toBe("Urgent call: +14155552671");
    const info = await processedCall({ name: "", phone: "", urgency: "not urgent" });
    expect(await sendCallAlert(withMail(), info, callEffectsOf)).toBeNull();
    const test = await processedCall({ name: "Test Caller", phone: "+14155550100" }, { kind: "test" });
    expect(await sendCallAlert(withMail(), test, callEffectsOf)).toBeNull();
    expect(await mailsAbout(`Summary ${test}`)).toHaveLength(0);
  });

  it("a booking's alert gives the booked time in the business's time zone, naming it", async () => {
    const id = await processedCall({ name: "Ada Lovelace", phone: "+14155550113", appointment_time: "tomorrow at three" });
    await insertAppointment(owner.organizationId, { callId: id, start: "2026-12-01T15:00:00-05:00" });
    expect((await sendCallAlert(withMail(), id, callEffectsOf))?.reason).toBe("appointment");
    // The owner's mail: the viewer who opted in gets one too, read masked, in no set order.
    const mail = (await mailsAbout(`Summary ${id}`)).find((sent) => sent.body.to[0] === owner.email);
    expect(mail?.body.subject).toBe("New appointment booked: Ada Lovelace");
    expect(mail?.body.text).toContain("Appointment: Tuesday, December 1 at 3:00 PM Eastern Time");
    expect(mail?.body.text).not.toContain("tomorrow at three");
    // The business's zone is its primary agent's: one in the west reads the same booking three hours earlier.
    const created = await call("/api/agents", { cookie: owner.cookie, method: "POST", body: { name: "Wes", business_hours_tz: "America/Los_Angeles" } });
    expect(created.status).toBe(201);
    const west = await processedCall({ name: "Ada Lovelace", phone: "+14155550114", appointment_time: "tomorrow at noon" });
    await insertAppointment(owner.organizationId, { callId: west, start: "2026-12-02T15:00:00-05:00" });
    await sendCallAlert(withMail(), west, callEffectsOf);
    expect((await mailsAbout(`Summary ${west}`))[0]?.body.text).toContain("Appointment: Wednesday, December 2 at 12:00 PM Pacific Time");
    await env.DB.prepare("delete from agents where organization_id = ?").bind(owner.organizationId).run();
  });

  it("each channel can be turned off in Settings", async () => {
    expect((await settings({ alert_email: false })).status).toBe(200);
    const id = await processedCall({ name: "Ada Lovelace", phone: "+14155550111" });
    expect(await sendCallAlert(withMail(), id, callEffectsOf)).toEqual({ reason: "lead", emailed: [], texted: DIGEST_PHONE });
    expect(await mailsAbout(`Summary ${id}`)).toHaveLength(0);
    expect((await settings({ alert_email: true, alert_sms: false })).status).toBe(200);
    const second = await processedCall({ name: "Alan Turing", phone: "+14155550112" });
    expect((await sendCallAlert(withMail(), second, callEffectsOf))?.texted).toBeNull();
    expect(await textsAbout(`Summary ${second}`)).toHaveLength(0);
    expect(await mailsAbout(`Summary ${second}`)).not.toHaveLength(0);
    expect((await settings({ alert_sms: true })).status).toBe(200);
  });

  it("the opt-in is the member's own: refused with a clear message when not a boolean, and listed with the members", async () => {
    const bad = await call("/api/org/members/me/alerts", { cookie: admin.cookie, method: "PUT", body: { call_alerts: "yes" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "validation_failed", fields: { call_alerts: "Choose on or off." } } });
    const list = (await (await call("/api/org/members", { cookie: owner.cookie })).json()) as { members: { email: string; call_alerts: boolean }[] };
    expect(list.members.find((member) => member.email === viewer.email)?.call_alerts).toBe(true);
    expect(list.members.find((member) => member.email === admin.email)?.call_alerts).toBe(false);
  });
});
