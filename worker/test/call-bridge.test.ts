import { type CallLatency, addDays, localParts, partOfDay, slotLabel, zonedSlotLabel } from "@nikki/core";
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { twilioMessages } from "./booking";
import { SIMULATED } from "./simulators";
import {
  LOUD,
  SILENT,
  anyCaller,
  callSid,
  mediaMessage,
  neverTaken,
  openStream,
  ringInbound,
  settledProcessing,
  startMessage,
  twilioPost,
  until,
  streamParameters,
} from "./twilio";

const ALWAYS_OPEN = JSON.stringify(
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
);

const inbound = (sid: string, to: string = DEMO.phoneNumber, from = anyCaller()) => ringInbound(sid, to, from);

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
});

describe("a call, end to end through the bridge", { timeout: 30_000 }, () => {
  it("answers, books an appointment through the model, and ends with a processed call", async () => {
    await env.DB.prepare("update agents set hours_json = ? where id = ?").bind(ALWAYS_OPEN, DEMO.agentId).run();
    const sid = callSid();
    const answer = await inbound(sid, DEMO.phoneNumber, "+14155552671");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/xml");
    const document = await answer.text();
    expect(document).toContain('<Recording channels="dual"');
    // The agent's own opening line is the first thing the caller hears, spoken by the model: nothing is said before it
    // (the recording notice is its first words, issue 37 §6).
    expect(document).not.toContain("<Say");
    expect(document).not.toContain("Connecting you to");
    const { url, callId, token } = streamParameters(document);
    expect(url).toBe(`wss://nikki.test/twilio/stream/${sid}`);

    const stream = await openStream(sid);
    stream.socket.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
    stream.socket.send(startMessage(sid, { callId, token }));

    // Nikki speaks first: audio, then a mark at the end of her answer, which Twilio echoes once played.
    await until(() => stream.received.some((m) => m.event === "mark"));
    const marks = stream.received.filter((m) => m.event === "mark").map((m) => (m.mark as { name: string }).name);
    for (const name of marks.slice(0, 2)) stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${sid.slice(2)}`, mark: { name } }));
    // Her greeting's response is done by now (the simulator makes 100 ms of audio in 25 ms).
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The caller asks, her greeting played out (nothing to clear), and the turn ends in silence: the bridge asks for the answer.
    let t = 200;
    for (let i = 0; i < 15; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
    const mediaBeforeAnswer = stream.received.filter((m) => m.event === "media").length;
    for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));

    // The model asked for tomorrow morning's free times first, then booked the first one offered.
    const appointment = await until(() => env.DB.prepare("select * from appointments where call_id = ?").bind(callId).first<Record<string, string | number>>());
    expect(appointment).toMatchObject({ name: "Ada Lovelace", phone: "+14155552671", organization_id: DEMO.organizationId, status: "booked", source: "call" });
    const start = new Date(Number(appointment.start_at));
    const zone = String(appointment.time_zone);
    expect(localParts(zone, start).date).toBe(addDays(localParts(zone, new Date()).date, 1));
    expect(partOfDay(start, zone)).toBe("morning");
    const label = zonedSlotLabel(start, zone);
    // The caller is texted the label, the business and the manage link, from the number they called.
    const text = await until(
      async () => (await twilioMessages()).find((message) => message.form.Body?.includes(String(appointment.confirmation_code))) ?? null,
    );
    expect(text.form).toMatchObject({ From: DEMO.phoneNumber, To: "+14155552671" });
    expect(text.form.Body).toContain(`${DEMO.organizationName}: your appointment is booked for ${label}.`);
    expect(text.form.Body).toMatch(/Change or cancel: https:\/\/nikki\.test\/a\/[\w-]{43} /);

    // After the tool's result, Nikki confirms the booking out loud.
    await until(() => stream.received.filter((m) => m.event === "media").length > mediaBeforeAnswer);
    // The whole answer, and its transcript right behind its audio, before the caller hangs up (a loaded machine is slow).
    let heard = -1;
    while (heard !== stream.received.length) {
      heard = stream.received.length;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    stream.socket.send(JSON.stringify({ event: "stop", sequenceNumber: "99", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));

    const status = await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "42", AccountSid: env.TWILIO_ACCOUNT_SID! });
    expect(status.status).toBe(204);
    const again = await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "99", AccountSid: env.TWILIO_ACCOUNT_SID! });
    expect(again.status).toBe(204);

    const call = await until(async () => {
      const row = await env.DB.prepare("select * from calls where id = ?").bind(callId).first<Record<string, string | number | null>>();
      return row?.processing_status === "processed" ? row : null;
    }, 15_000);
    expect(call).toMatchObject({ status: "completed", duration_seconds: 42, after_hours: 0, model_used: "gpt-4o-mini", sentiment: "positive" });
    const transcript = JSON.parse(String(call.transcript)) as { role: string; content: string; timestamp: string }[];
    expect(transcript.map((entry) => entry.role)).toEqual(expect.arrayContaining(["assistant", "user"]));
    // The first line is the recording notice, then the agent's stored greeting, word for word (the business's and agent's names are not PII).
    const agent = await env.DB.prepare("select greeting from agents where id = ?").bind(DEMO.agentId).first<{ greeting: string }>();
    expect(agent?.greeting).toBe(`Thanks for calling ${DEMO.organizationName}, this is Nikki. How can I help?`);
    expect(transcript[0], JSON.stringify(transcript)).toMatchObject({ role: "assistant", content: `This call may be recorded. ${agent?.greeting}` });
    // The organization redacts PII by default: the stored transcript and summary carry markers.
    expect(transcript.find((entry) => entry.role === "user")?.content).toBe(
      "Hi, this is [NAME]. Can I book a plumber for tomorrow morning? My number is [PHONE].",
    );
    // Nikki read back the booked time's label and its confirmation code.
    expect(transcript.find((entry) => entry.role === "assistant" && entry.content.includes(slotLabel(start, zone)))?.content).toContain(
      String(appointment.confirmation_code),
    );
    expect(String(call.summary)).toContain("[NAME]");
    // The contact details the caller gave are the business's customer record: kept as given (redaction by purpose).
    expect(JSON.parse(String(call.entities))).toMatchObject({ name: "Ada Lovelace", phone: "+1 415 555 2671" });
    // Its latency and cost: the greeting measured from the stream's start, the booking tool timed, 42 s as one minute.
    const metrics = JSON.parse(String(call.metrics)) as CallLatency;
    expect(metrics.greeting_ms).toBeGreaterThanOrEqual(0);
    expect(stream.received.some((m) => m.event === "clear")).toBe(false);
    expect(metrics.barge_ins).toBe(0);
    // Each answer timed from where the caller's speech ended (520 ms into the stream) to its first frame out.
    expect(metrics.turns.length).toBeGreaterThan(0);
    expect(metrics.turns[0]).toMatchObject({ at_ms: 520 });
    expect(metrics.voice_to_voice_p50_ms).toBe(metrics.turns[0]!.voice_to_voice_ms);
    expect(metrics.tools).toEqual([
      expect.objectContaining({ name: "check_availability", ok: true }),
      expect.objectContaining({ name: "book_appointment", ok: true }),
    ]);
    expect(call.cost_micro_usd).toBe(194_000);
    // Once processed, the call's Durable Object keeps nothing of it (its setup held the caller's number).
    const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(sid));
    await until(() => runInDurableObject(session, async (_instance, state) => ((await state.storage.list()).size === 0 ? true : null)), 10_000);
  });

  it("refuses a second stream with the call's ticket: closed while the call is on, and refused its plan once the call's end is kept", async () => {
    await env.DB.prepare("update agents set hours_json = ? where id = ?").bind(ALWAYS_OPEN, DEMO.agentId).run();
    const sid = callSid();
    const { callId, token } = streamParameters(await (await inbound(sid)).text());
    const first = await openStream(sid);
    first.socket.send(startMessage(sid, { callId, token }));
    await until(() => first.received.some((m) => m.event === "media"));

    const during = await openStream(sid);
    during.socket.send(startMessage(sid, { callId, token }));
    expect((await until(() => during.closed())).code).toBe(1008);
    expect(during.received.filter((m) => m.event === "media")).toHaveLength(0);

    first.socket.send(JSON.stringify({ event: "stop", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
    const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(sid));
    await until(() => session.endReason());
    await expect(openStream(sid)).rejects.toThrow("no websocket: 403");
  });

  it("a call that hung up before its stream reaches no Durable Object and not the media plane; Twilio's final status settles it and lets its plan go", async () => {
    const name = `Hangup ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update agents set name = ?, hours_json = ? where id = ?").bind(name, ALWAYS_OPEN, DEMO.agentId).run();
    const ours = async () =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-lifecycles`)).json()) as { instructions: string }[]).filter((session) =>
        session.instructions.includes(`You are ${name},`),
      );
    const sid = callSid();
    expect((await inbound(sid)).status).toBe(200);
    const plan = () => env.DB.prepare("select call_plan from calls where call_sid = ?").bind(sid).first<string | null>("call_plan");
    // The plan waits on the call's row for the stream to ask: its instructions, and no model key.
    expect(await plan()).toContain(`You are ${name},`);
    expect(await plan()).not.toContain(SIMULATED.openaiKey);
    const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(sid));
    const keys = () => runInDurableObject(session, async (_instance, state) => [...(await state.storage.list()).keys()]);
    const status = await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "3", AccountSid: env.TWILIO_ACCOUNT_SID! });
    expect(status.status).toBe(204);
    // Nothing to analyse: the Calls tab shows it failed with the reason, never "Processing..." for good.
    // The AI never took it: it costs its telephony alone (the status callback charged the AI's minutes too).
    expect(await settledProcessing(sid)).toEqual(neverTaken(3));
    // Its plan (the caller's number, the instructions) is not kept, and even a correctly signed stream is refused now.
    expect(await plan()).toBeNull();
    await expect(openStream(sid)).rejects.toThrow("no websocket: 403");
    expect(await keys()).toEqual([]);
    expect(await ours()).toEqual([]);
    await env.DB.prepare("update agents set name = 'Nikki' where id = ?").bind(DEMO.agentId).run();
  });

  it("when the model's connection drops mid-call, the caller hears an apology and is offered a message, and the transcript so far is kept", async () => {
    const name = `Dropper ${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("update agents set name = ?, hours_json = ? where id = ?").bind(name, ALWAYS_OPEN, DEMO.agentId).run();
    const sid = callSid();
    const { callId, token } = streamParameters(await (await inbound(sid)).text());
    const stream = await openStream(sid);
    stream.socket.send(startMessage(sid, { callId, token }));
    await until(() => stream.received.some((m) => m.event === "media"));
    // The greeting has been said in full (its transcript is out), or played as rendered ahead and told to the model
    // (issue 38 §1): either way there is a turn to keep.
    await until(async () => {
      const sessions = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-lifecycles`)).json()) as {
        sent: string[];
        types: string[];
        instructions: string;
      }[];
      return sessions.some(
        (session) =>
          session.instructions.includes(`You are ${name},`) &&
          (session.sent.includes("response.output_audio_transcript.done") || session.types.includes("conversation.item.create")),
      );
    });
    const drop = await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-drop`, {
      method: "POST",
      body: JSON.stringify({ instructions_contain: `You are ${name},` }),
    });
    expect(await drop.json()).toEqual({ dropped: 1 });

    interface TwilioRequest {
      method: string;
      path: string;
      form: Record<string, string>;
    }
    const redirect = await until(async () => {
      const requests = (await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as TwilioRequest[];
      return requests.find((request) => request.method === "POST" && request.path.endsWith(`/Calls/${sid}.json`)) ?? null;
    });
    expect(redirect.form.Twiml).toContain("lost my connection. Please leave your name, your number and a short message");
    expect(redirect.form.Twiml).toContain('<Record action="https://nikki.test/twilio/voice/voicemail"');
    const call = await until(async () => {
      const row = await env.DB.prepare("select transcript from calls where call_sid = ?").bind(sid).first<{ transcript: string | null }>();
      return row?.transcript ? row : null;
    });
    expect((JSON.parse(call.transcript!) as { role: string }[]).some((turn) => turn.role === "assistant")).toBe(true);
    await env.DB.prepare("update agents set name = 'Nikki' where id = ?").bind(DEMO.agentId).run();
  });

  it("flags a call outside the agent's hours as after-hours and tells Nikki to take a message", async () => {
    await env.DB.prepare("update agents set hours_json = '{}' where id = ?").bind(DEMO.agentId).run();
    const sid = callSid();
    const { callId } = streamParameters(await (await inbound(sid)).text());
    const row = await env.DB.prepare("select after_hours from calls where id = ?").bind(callId).first<{ after_hours: number }>();
    expect(row?.after_hours).toBe(1);
  });
});

describe("the voicemail fallback", () => {
  it("takes a voicemail for a number nobody holds, and never errors to the caller", async () => {
    const response = await inbound(callSid(), "+15559990000");
    expect(response.status).toBe(200);
    const document = await response.text();
    expect(document).toContain("Please leave your name, your number and a short message after the tone");
    expect(document).toContain('<Record action="https://nikki.test/twilio/voice/voicemail"');
  });

  it("never lets another organization's agent answer a number, even if the number points at it", async () => {
    await env.DB.batch([
      env.DB.prepare("insert into organizations (id, name, slug) values ('org-other', 'Other Co', 'other-co')"),
      env.DB.prepare("insert into agents (id, organization_id, name) values ('agent-other', 'org-other', 'Olga')"),
      env.DB.prepare(
        "insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values ('pn-cross', ?, '+15550001111', 'agent-other', 'active')",
      ).bind(DEMO.organizationId),
    ]);
    const sid = callSid();
    const document = await (await inbound(sid, "+15550001111")).text();
    expect(document).toContain("Thanks for calling Nikki AI Demo.");
    expect(document).not.toContain("<Stream");
    expect(document).not.toContain("Olga");
    const call = await env.DB.prepare("select kind, organization_id, agent_id from calls where call_sid = ?").bind(sid).first();
    expect(call).toEqual({ kind: "voicemail", organization_id: DEMO.organizationId, agent_id: null });
  });

  it("takes a voicemail when the agent is inactive, stored as a call with its recording", async () => {
    await env.DB.prepare("update agents set status = 'inactive' where id = ?").bind(DEMO.agentId).run();
    const sid = callSid();
    const response = await inbound(sid);
    expect(await response.text()).toContain("Thanks for calling Nikki AI Demo.");
    await env.DB.prepare("update agents set status = 'active' where id = ?").bind(DEMO.agentId).run();
    const recorded = await twilioPost("/twilio/voice/voicemail", { CallSid: sid, RecordingUrl: "https://api.twilio.com/rec/RE1", RecordingDuration: "12" });
    expect(await recorded.text()).toContain("<Hangup/>");
    const call = await env.DB.prepare("select kind, recording_url, organization_id from calls where call_sid = ?").bind(sid).first();
    expect(call).toEqual({ kind: "voicemail", recording_url: "https://api.twilio.com/rec/RE1", organization_id: DEMO.organizationId });
  });
});

describe("Twilio signatures on the webhooks", () => {
  it("answers 403 to a bad signature and writes nothing", async () => {
    const sid = callSid();
    const response = await twilioPost(
      "/twilio/voice/inbound",
      { CallSid: sid, From: "+14155552671", To: DEMO.phoneNumber },
      { signature: "bm90IGEgc2lnbmF0dXJl" },
    );
    expect(response.status).toBe(403);
    expect(await env.DB.prepare("select count(*) as n from calls where call_sid = ?").bind(sid).first("n")).toBe(0);
  });

  it("answers 403 to a missing signature", async () => {
    const response = await twilioPost("/twilio/voice/status", { CallSid: callSid(), CallStatus: "completed" }, { signature: "" });
    expect(response.status).toBe(403);
  });
});
