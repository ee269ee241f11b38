import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { placeDueDemoCalls } from "../src/jobs/scheduled-demo-calls";
import { type SignedUp, call, signUp } from "./accounts";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { LOUD, SILENT, callSid, mediaMessage, openStream, settledProcessing, startMessage, twilioPost, until } from "./twilio";

/**
 * Issue 37 §7: the calls the product places (test calls, demo calls) run Twilio's answering machine detection. A
 * person talks to the agent as before; a voicemail gets a short message from the business and the call hangs up; a
 * fax is hung up on; each stored as such.
 */
interface TwilioRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}
const twilioRequests = async () => (await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as TwilioRequest[];
const updatesOf = async (sid: string) => (await twilioRequests()).filter((request) => request.method === "POST" && request.path.endsWith(`/Calls/${sid}.json`));

const ALWAYS_OPEN = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));
let business: SignedUp;
let agentId: string;
let number: string;

async function agentWithNumber(owner: SignedUp, name: string, language: string) {
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name, hours_json: ALWAYS_OPEN, language } });
  const { agent } = (await created.json()) as { agent: { id: string } };
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0");
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, `+1312${digits}`, agent.id)
    .run();
  return { agentId: agent.id, number: `+1312${digits}` };
}

beforeAll(async () => {
  business = await signUp({ company: "Harbor Dental" });
  ({ agentId, number } = await agentWithNumber(business, "Tess", "en-US"));
});

/** Twilio's side of a placed call once answered: the outbound webhook (the call's TwiML), then the stream with the agent greeting. */
async function answeredCall(from = number, agent = agentId) {
  const sid = callSid();
  const params = { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, From: from, To: "+14155550177", Direction: "outbound-api", CallStatus: "in-progress" };
  const document = await (await twilioPost(`/twilio/voice/outbound?agent=${agent}`, params)).text();
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(document)![1]!;
  const token = /<Parameter name="token" value="([^"]+)"/.exec(document)![1]!;
  return { sid, callId, token };
}

async function streaming(sid: string, callId: string, token: string) {
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId, token }));
  await until(() => stream.received.some((message) => message.event === "media"));
  return stream;
}

const amd = (sid: string, answeredBy: string, purpose = "test_call") =>
  twilioPost(`/twilio/voice/amd?purpose=${purpose}`, {
    AccountSid: env.TWILIO_ACCOUNT_SID!,
    CallSid: sid,
    AnsweredBy: answeredBy,
    MachineDetectionDuration: "4380",
  });
const stop = (sid: string) => JSON.stringify({ event: "stop", sequenceNumber: "999", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } });
const detail = async (id: string) =>
  ((await (await call(`/api/calls/${id}`, { cookie: business.cookie })).json()) as { call: Record<string, unknown> & { transcript: unknown[] } }).call;
const testCallStatus = async (sid: string) =>
  ((await (await call(`/api/test-calls/${sid}`, { cookie: business.cookie })).json()) as { test_call: Record<string, unknown> }).test_call;

describe("answering machine detection on the calls the product places", { timeout: 40_000 }, () => {
  it("places test calls and demo calls (now and scheduled) with async detection that waits for a machine's message to end", async () => {
    const placed = await call(`/api/agents/${agentId}/test-call`, { cookie: business.cookie, body: { phone: "+14155550176" } });
    expect(placed.status).toBe(200);
    const request = (await twilioRequests()).find((sent) => sent.path.endsWith("/Calls.json") && sent.form.To === "+14155550176");
    expect(request?.form).toMatchObject({
      MachineDetection: "DetectMessageEnd",
      AsyncAmd: "true",
      AsyncAmdStatusCallback: "https://nikki.test/twilio/voice/amd?purpose=test_call",
      AsyncAmdStatusCallbackMethod: "POST",
    });
    const key = await env.DB.prepare("select public_key from widget_keys where organization_id = ?")
      .bind(business.organizationId)
      .first<{ public_key: string }>();
    const demo = await call(`/api/demo-calls?key=${key!.public_key}`, {
      body: { phone: "+14155550175", consent: true },
      headers: { "cf-connecting-ip": "203.0.113.77" },
    });
    expect(demo.status).toBe(200);
    const demoRequest = (await twilioRequests()).find((sent) => sent.path.endsWith("/Calls.json") && sent.form.To === "+14155550175");
    expect(demoRequest?.form).toMatchObject({
      MachineDetection: "DetectMessageEnd",
      AsyncAmdStatusCallback: "https://nikki.test/twilio/voice/amd?purpose=demo_call",
    });
    // A scheduled demo call, placed by the cron when due, too.
    const due = Date.now() - 60_000;
    await env.DB.prepare(
      "insert into demo_call_requests (id, organization_id, phone_e164, scheduled_at, status, created_at, updated_at) values (?, ?, '+14155550174', ?, 'queued', ?, ?)",
    )
      .bind(crypto.randomUUID(), business.organizationId, due, due, due)
      .run();
    expect((await placeDueDemoCalls(testServices())).placed).toBe(1);
    const scheduled = (await twilioRequests()).find((sent) => sent.path.endsWith("/Calls.json") && sent.form.To === "+14155550174");
    expect(scheduled?.form).toMatchObject({
      MachineDetection: "DetectMessageEnd",
      AsyncAmd: "true",
      AsyncAmdStatusCallback: "https://nikki.test/twilio/voice/amd?purpose=demo_call",
    });
  });

  it("a voicemail: once its greeting ends the agent leaves a short message and hangs up, and the call is stored as one that reached voicemail", async () => {
    const { sid, callId, token } = await answeredCall();
    const stream = await streaming(sid, callId, token);
    // The voicemail's greeting plays over the agent until its beep; then detection answers.
    let t = 0;
    for (let i = 0; i < 20; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
    expect((await amd(sid, "machine_end_beep")).status).toBe(204);
    const [update] = await updatesOf(sid);
    const message =
      "Hi, this is Tess from Harbor Dental, with the test call you placed from your dashboard. Sorry we missed you. Place another test call when you can pick up. Goodbye.";
    expect(update!.form.Twiml).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">${message}</Say><Hangup/></Response>`);
    // Twilio runs the new TwiML: the stream stops, the agent's session ends with it.
    stream.socket.send(stop(sid));
    expect(await settledProcessing(sid)).toMatchObject({ processing_status: "processed" });
    await twilioPost("/twilio/voice/status", { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, CallStatus: "completed", CallDuration: "14" });
    expect(await detail(callId)).toMatchObject({
      answered_by: "machine",
      outcome: "voicemail",
      status: "completed",
      summary: `Reached voicemail. The agent left this message and hung up: “${message}”`,
    });
    expect(await testCallStatus(sid)).toEqual({
      status: "completed",
      ended: true,
      duration_seconds: 14,
      answered_by: "machine",
      message: "Your voicemail answered, so Tess left a short message and hung up. Pick up next time to talk to Tess.",
    });
    // A repeated callback changes nothing and leaves no second message.
    expect((await amd(sid, "machine_end_beep")).status).toBe(204);
    expect(await updatesOf(sid)).toHaveLength(1);
  });

  it("leaves the message in the agent's language, about the call it was (a demo call's names the business's number)", async () => {
    const owner = await signUp({ company: "Clínica Sol" });
    const spanish = await agentWithNumber(owner, "Lucía", "es-ES");
    const { sid } = await answeredCall(spanish.number, spanish.agentId);
    await amd(sid, "machine_end_silence", "demo_call");
    const [update] = await updatesOf(sid);
    const digits = spanish.number.slice(1).split("").join(" ");
    expect(update!.form.Twiml).toContain(
      `<Say language="es-ES">Hola, soy Lucía de Clínica Sol, devolviendo la llamada que pidió en nuestra web. Siento no haberle encontrado. Llámenos al ${digits} cuando le venga bien. Adiós.</Say><Hangup/>`,
    );
  });

  it("a person: the conversation goes on as before, and the call is analysed as a conversation", async () => {
    const { sid, callId, token } = await answeredCall();
    const stream = await streaming(sid, callId, token);
    expect((await amd(sid, "human")).status).toBe(204);
    expect(await updatesOf(sid)).toHaveLength(0);
    // The greeting plays out (Twilio echoes its marks), then the caller talks and the agent answers on the same stream.
    const marks = () => stream.received.filter((message) => message.event === "mark").map((message) => (message.mark as { name: string }).name);
    for (const name of marks()) stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${sid.slice(2)}`, mark: { name } }));
    const before = marks().length;
    let t = 0;
    for (let i = 0; i < 15; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
    for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
    await until(() => marks().length > before);
    // The answer streams in full (no new mark for 300 ms) before the caller hangs up, so its transcript is kept too.
    for (let seen = -1; seen !== marks().length; ) {
      seen = marks().length;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(stream.closed()).toBeNull();
    stream.socket.send(stop(sid));
    expect(await settledProcessing(sid)).toMatchObject({ processing_status: "processed" });
    const stored = await detail(callId);
    expect(stored.transcript.map((entry) => (entry as { role: string }).role)).toEqual(["assistant", "user", "assistant"]);
    expect(stored).toMatchObject({ answered_by: "human" });
    expect(stored.outcome).not.toBe("voicemail");
    expect(stored.summary).not.toContain("voicemail");
    expect((await testCallStatus(sid)).message).toBeNull();
  });

  it("a fax: the call is hung up without a word, and stored as such", async () => {
    const { sid, callId, token } = await answeredCall();
    const stream = await streaming(sid, callId, token);
    expect((await amd(sid, "fax")).status).toBe(204);
    const [update] = await updatesOf(sid);
    expect(update!.form).toEqual({ Status: "completed" });
    stream.socket.send(stop(sid));
    expect(await settledProcessing(sid)).toMatchObject({ processing_status: "processed" });
    expect(await detail(callId)).toMatchObject({
      answered_by: "fax",
      outcome: "hangup",
      summary: "A fax machine answered. The agent hung up without speaking.",
    });
    expect((await testCallStatus(sid)).message).toBe("A fax machine answered, so Tess hung up. Check the number and try again.");
  });

  it("ignores a verdict it cannot read or for a call it did not place", async () => {
    const { sid, callId } = await answeredCall();
    expect((await amd(sid, "robot")).status).toBe(204);
    expect((await amd(callSid(), "machine_end_beep")).status).toBe(204);
    expect(await updatesOf(sid)).toHaveLength(0);
    expect(await detail(callId)).toMatchObject({ answered_by: null });
  });
});
