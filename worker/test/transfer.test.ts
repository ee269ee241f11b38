/**
 * Issue 37 §1: a warm transfer end to end through both planes. The caller asks for a person; the model calls
 * transfer_call; Twilio (driven here as it would run the TwiML) puts the caller on hold and rings the escalation
 * numbers in turn, posts the whisper and its key press, then the <Dial action>: put through, or the caller back with
 * the agent on a second stream of the same call, which says the transfer failed. The call stores what happened.
 */
import { type CallDetailResource, LISTEN_CLOSE } from "@nikki/core";
import { encodeText } from "@nikki/simulators/speech-codec";
import { SELF, env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenPath, mintListenTicket } from "../src/call/listen-ticket";
import { createD1Database } from "../src/db/client";
import { liveCalls } from "../src/routes/calls/live-list";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { call as apiCall, signUp } from "./accounts";
import { BASE } from "./post-json";
import { SIMULATED } from "./simulators";
import { SILENT, callSid, mediaMessage, openStream, startMessage, twilioPost, until } from "./twilio";

const ALWAYS_OPEN = JSON.stringify(
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
);
const CALLER = "+14155552671";
const ASK = "Hi, can I speak to a person please? It's about a burst pipe in my kitchen.";

interface TwilioRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}
const twilioRequests = async () => (await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as TwilioRequest[];

let saved: { escalation_json: string; tools: string; hours_json: string };
beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
  saved = (await env.DB.prepare("select escalation_json, tools, hours_json from agents where id = ?").bind(DEMO.agentId).first())!;
});
afterAll(async () => {
  await env.DB.prepare("update agents set escalation_json = ?, tools = ?, hours_json = ? where id = ?")
    .bind(saved.escalation_json, saved.tools, saved.hours_json, DEMO.agentId)
    .run();
});

async function useEscalation(escalation: object) {
  await env.DB.prepare("update agents set escalation_json = ?, tools = ?, hours_json = ? where id = ?")
    .bind(JSON.stringify(escalation), JSON.stringify(["push_crm_lead", "transfer_call"]), ALWAYS_OPEN, DEMO.agentId)
    .run();
}

/** What the caller says, as the simulators' speech codec puts words into μ-law (the simulated model reads them back). */
function speak(stream: Awaited<ReturnType<typeof openStream>>, sid: string, text: string) {
  const audio = Uint8Array.from(encodeText(text));
  let t = 0;
  for (let at = 0; at < audio.length; at += 160) {
    const frame = Uint8Array.from({ length: 160 }, (_, i) => audio[at + i] ?? 0x00);
    stream.socket.send(mediaMessage(sid, (t += 20), btoa(String.fromCharCode(...frame))));
  }
  for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
}

const stop = (stream: Awaited<ReturnType<typeof openStream>>, sid: string) =>
  stream.socket.send(JSON.stringify({ event: "stop", sequenceNumber: "99", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));

const parameter = (twiml: string, name: string) => new RegExp(`<Parameter name="${name}" value="([^"]+)"`).exec(twiml)?.[1] ?? "";
const unescape = (value: string) => value.replace(/&amp;/g, "&");
const pathOf = (url: string) => {
  const parsed = new URL(unescape(url));
  return `${parsed.pathname}${parsed.search}`;
};

/** Twilio's voice webhook for a caller ringing the demo number: the TwiML that answers it. */
const answerCall = async (sid: string) =>
  (
    await twilioPost("/twilio/voice/inbound", {
      CallSid: sid,
      AccountSid: env.TWILIO_ACCOUNT_SID!,
      From: CALLER,
      To: DEMO.phoneNumber,
      Direction: "inbound",
      CallStatus: "ringing",
    })
  ).text();

/** A call answered and streaming, its greeting playing. */
async function streamingCall() {
  const sid = callSid();
  const answer = await answerCall(sid);
  const callId = parameter(answer, "callId");
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId, token: parameter(answer, "token") }));
  await until(() => stream.received.some((m) => m.event === "media"));
  return { sid, callId, stream };
}

/** Answers a call, asks for a person, and waits for Twilio to be told to hold and dial: the TwiML it was given. */
async function askForTransfer() {
  const { sid, callId, stream } = await streamingCall();
  speak(stream, sid, ASK);
  const update = await until(async () => (await twilioRequests()).find((r) => r.method === "POST" && r.path.endsWith(`/Calls/${sid}.json`)) ?? null);
  // Twilio runs the new TwiML: the agent's stream ends.
  stop(stream, sid);
  await until(async () => (await env.DB.prepare("select transcript from calls where id = ?").bind(callId).first<{ transcript: string | null }>())?.transcript);
  return { sid, callId, hold: update.form.Twiml! };
}

/** The owner listening in to the call's first stream (a ticket as the listen route mints it): how its socket closed. */
async function listener(sid: string) {
  const claims = { callSid: sid, segment: 1, organizationId: DEMO.organizationId, userId: DEMO.ownerUserId };
  const { ticket } = await mintListenTicket(env.AUTH_SECRET!, claims);
  const socket = (await SELF.fetch(`${BASE}${listenPath(sid, 1)}?ticket=${ticket}`, { headers: { upgrade: "websocket" } })).webSocket!;
  let closed: number | null = null;
  socket.accept();
  socket.addEventListener("close", (event) => {
    closed = event.code;
  });
  return () => closed;
}

const childLeg = (parent: string) => ({
  CallSid: callSid(),
  ParentCallSid: parent,
  AccountSid: env.TWILIO_ACCOUNT_SID!,
  From: DEMO.phoneNumber,
  Direction: "outbound-dial",
});

/** One number rung: the whisper fetched when it answers (if it does), then the <Dial action> with Twilio's parameters. */
async function ring(sid: string, dialTwiml: string, callee: { answers: boolean; presses?: string }, dial: Record<string, string>) {
  const action = pathOf(/<Dial [^>]*action="([^"]+)"/.exec(dialTwiml)![1]!);
  let whisper: string | null = null;
  if (callee.answers) {
    const leg = { ...childLeg(sid), To: /<Number [^>]*>([^<]+)<\/Number>/.exec(dialTwiml)![1]!, CallStatus: "in-progress" };
    whisper = await (await twilioPost(pathOf(/<Number url="([^"]+)"/.exec(dialTwiml)![1]!), leg)).text();
    if (callee.presses) {
      const gather = pathOf(/<Gather [^>]*action="([^"]+)"/.exec(whisper)![1]!);
      whisper += await (await twilioPost(gather, { ...leg, Digits: callee.presses })).text();
    }
  }
  const next = await (
    await twilioPost(action, {
      CallSid: sid,
      AccountSid: env.TWILIO_ACCOUNT_SID!,
      From: CALLER,
      To: DEMO.phoneNumber,
      Direction: "inbound",
      CallStatus: "in-progress",
      ...dial,
    })
  ).text();
  return { whisper, next };
}

async function hangUp(sid: string, seconds: number) {
  expect(
    (await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: String(seconds), AccountSid: env.TWILIO_ACCOUNT_SID! }))
      .status,
  ).toBe(204);
}

const processed = (callId: string) =>
  until(async () => {
    const row = await env.DB.prepare("select * from calls where id = ?").bind(callId).first<Record<string, string | number | null>>();
    return row?.processing_status === "processed" ? row : null;
  }, 15_000);

/** The call as the dashboard reads it (moved to a business whose owner signs in: the demo's owner cannot). */
async function detailOf(callId: string): Promise<CallDetailResource> {
  const owner = await signUp({ company: "Transfer Plumbing" });
  await env.DB.prepare("update calls set organization_id = ? where id = ?").bind(owner.organizationId, callId).run();
  return ((await (await apiCall(`/api/calls/${callId}`, { cookie: owner.cookie })).json()) as { call: CallDetailResource }).call;
}

describe("a warm transfer", { timeout: 45_000 }, () => {
  it("answered: the older {phone} is rung, its answer is briefed and presses 1, and the call is put through and counted whole", async () => {
    await useEscalation({ phone: "+14155550100" });
    const { sid, callId, hold } = await askForTransfer();
    expect(hold).toContain("Please hold while I connect you with someone from the team.");
    expect(hold).toMatch(
      /<Dial callerId="\+1\d+" timeout="25" action="https:\/\/nikki\.test\/twilio\/voice\/transfer\/dialed\?call=CA[0-9a-f]{32}&amp;attempt=0"/,
    );
    const { whisper, next } = await ring(
      sid,
      hold,
      { answers: true, presses: "1" },
      { DialCallStatus: "completed", DialCallDuration: "30", DialBridged: "true" },
    );
    expect(whisper).toContain('<Gather input="dtmf" action="https://nikki.test/twilio/voice/transfer/screened?');
    expect(whisper).toContain("Transfer from the Nikki AI Demo receptionist. A caller, calling from 4 1 5, 5 5 5, 2 6 7 1.");
    expect(whisper).toContain("burst pipe");
    expect(whisper).toContain("Press 1 to take the call, or hang up to decline.");
    expect(whisper).toContain("Connecting you now.");
    expect(next).toContain("<Hangup/>");
    await hangUp(sid, 52);
    const call = await processed(callId);
    // The connected transfer's time is the call's: Twilio's CallDuration of the caller's leg covers it.
    expect(call).toMatchObject({ duration_seconds: 52, status: "completed" });
    expect(JSON.parse(String(call.transfer))).toEqual({ target: "+14155550100", outcome: "connected", waited_s: 0 });
    const detail = await detailOf(callId);
    expect(detail.transfer).toEqual({ target: "+14155550100", outcome: "connected", waited_s: 0 });
    expect(detail.transcript.some((turn) => turn.role === "user" && turn.content.includes("burst pipe"))).toBe(true);
    // The hand-off the media plane never heard is in the record: the hold line the caller heard, and the tool that did it.
    expect(detail.transcript.at(-1)).toMatchObject({ role: "assistant", content: "Please hold while I connect you with someone from the team." });
    expect(detail.latency?.tools).toContainEqual(expect.objectContaining({ name: "transfer_call", ok: true }));
  });

  it("no answer, then busy: the numbers are tried in turn, and the caller comes back to the agent, who says so", async () => {
    await useEscalation({ numbers: ["+14155550100", "+14155550101"], transfer_hours: null, keywords: ["burst pipe"] });
    const { sid, callId, hold } = await askForTransfer();
    const first = await ring(sid, hold, { answers: false }, { DialCallStatus: "no-answer", DialCallSid: callSid() });
    expect(first.next).toContain("Still trying to reach someone. Please hold.");
    expect(first.next).toContain(">+14155550101</Number>");
    expect(first.next).toContain("attempt=1");
    const second = await ring(sid, first.next, { answers: false }, { DialCallStatus: "busy", DialCallSid: callSid() });
    // Back to the agent: a second stream of the same call, with its own ticket, and the <Connect> action as ever.
    expect(second.next).toContain(`<Stream url="wss://nikki.test/twilio/stream/${sid}/2">`);
    expect(second.next).toContain('<Connect action="https://nikki.test/twilio/voice/after-stream"');
    expect(parameter(second.next, "callId")).toBe(callId);
    const stream = await openStream(sid, 2);
    stream.socket.send(startMessage(sid, { callId, token: parameter(second.next, "token") }));
    await until(() => stream.received.some((m) => m.event === "media"));
    const said = await until(async () => {
      const sessions = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-lifecycles`)).json()) as {
        sent: string[];
        instructions: string;
      }[];
      return sessions.some(
        (s) =>
          s.instructions.includes("A transfer to the team was just tried and the team's line is busy") &&
          s.sent.includes("response.output_audio_transcript.done"),
      );
    });
    expect(said).toBe(true);
    stop(stream, sid);
    await hangUp(sid, 70);
    const call = await processed(callId);
    expect(JSON.parse(String(call.transfer))).toMatchObject({ target: "+14155550101", outcome: "busy" });
    const transcript = JSON.parse(String(call.transcript)) as { role: string; content: string }[];
    // Both streams' turns, in order: the request for a person, then the agent saying the transfer failed.
    const asked = transcript.findIndex((turn) => turn.role === "user" && turn.content.includes("burst pipe"));
    const back = transcript.findIndex((turn) => turn.role === "assistant" && turn.content.startsWith("Sorry about the wait: the team's line is busy."));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(back).toBeGreaterThan(asked);
    // In between, what the caller heard on hold while each number rang.
    const held = transcript.slice(asked, back).map((turn) => turn.content);
    expect(held).toEqual(
      expect.arrayContaining(["Please hold while I connect you with someone from the team.", "Still trying to reach someone. Please hold."]),
    );
    expect(transcript[back]!.content).toContain("Can I take a message, or book a time for them to call you back?");
  });

  it("declined: the answer hears the briefing but presses nothing, and the caller comes back to the agent", async () => {
    await useEscalation({ numbers: ["+14155550100"], transfer_hours: null, keywords: [] });
    const { sid, callId, hold } = await askForTransfer();
    const { whisper, next } = await ring(sid, hold, { answers: true }, { DialCallStatus: "completed", DialCallDuration: "9", DialBridged: "false" });
    expect(whisper).toContain("No key was pressed, so the caller was not put through. Goodbye.");
    expect(next).toContain(`<Stream url="wss://nikki.test/twilio/stream/${sid}/2">`);
    expect(
      JSON.parse(String((await env.DB.prepare("select transfer from calls where id = ?").bind(callId).first<{ transfer: string }>())!.transfer)),
    ).toMatchObject({
      target: "+14155550100",
      outcome: "declined",
    });
    // The caller hangs up before the agent's stream opens: the call is what was said before the transfer, analysed.
    await hangUp(sid, 40);
    const call = await processed(callId);
    expect(String(call.transcript)).toContain("burst pipe");
  });

  it("an owner's take-over, unanswered: the agent tells the caller, the owner's phone rings, and the caller comes back to the agent", async () => {
    const { sid, callId, stream } = await streamingCall();
    const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(sid));
    const heard = await listener(sid);
    expect(await session.owner({ kind: "take_over", number: "+14155550199", name: "Ada" })).toBe("taken");
    // Once the agent has said it, Twilio is told to ring the owner's phone, its briefing and "press 1" as for any transfer.
    const update = await until(async () => (await twilioRequests()).find((r) => r.method === "POST" && r.path.endsWith(`/Calls/${sid}.json`)) ?? null);
    expect(update.form.Twiml).toContain(">+14155550199</Number>");
    // The greeting, cut by the command, is in the transcript only when some of it was heard.
    const told = await until(async () => {
      const view = await session.liveView();
      return view.transcript.some((line) => line.text === "One moment, I'll put you through to Ada.") ? view : null;
    });
    expect(told.transcript.at(-1)).toMatchObject({ role: "assistant", text: "One moment, I'll put you through to Ada." });
    expect(told).toMatchObject({ state: "ringing", with: "Ada" });
    // Live now names whom the call is with as the live view does ("Ringing Ada…", one wording from core for both).
    const listed = async () => (await liveCalls(createD1Database(env.DB), DEMO.organizationId)).find((row) => row.id === callId);
    expect(await listed()).toMatchObject({ state: "ringing", with: "Ada" });
    expect(heard()).toBeNull();
    stop(stream, sid);
    // The stream ends for the take-over, not with the call: the listener is told so, not that the call ended.
    await until(() => heard() === LISTEN_CLOSE.transferred);
    const { next } = await ring(sid, update.form.Twiml!, { answers: false }, { DialCallStatus: "no-answer", DialCallSid: callSid() });
    expect(next).toContain(`<Stream url="wss://nikki.test/twilio/stream/${sid}/2">`);
    const back = await session.liveView();
    expect(back).toMatchObject({ state: "talking", with: null });
    expect(await listed()).toMatchObject({ state: "talking", with: null });
    expect(back.events.map((event) => event.text)).toEqual(
      expect.arrayContaining([
        "Taking over: Ada's phone rings once the agent has told the caller",
        "Transferring to Ada…",
        "Ada did not take the call: the caller is back with the agent",
      ]),
    );
    // Taken over once: the call is not put through again.
    expect(await session.owner({ kind: "take_over", number: "+14155550199", name: "Ada" })).toBe("already_transferred");
    await hangUp(sid, 30);
    await processed(callId);
  });

  it("outside transfer hours the tool refuses, Twilio is never asked, and the agent offers a message", async () => {
    // Open one minute a week, a week from now: closed at any time a test runs.
    await useEscalation({ numbers: ["+14155550100"], transfer_hours: { sun: [{ open: "03:00", close: "03:01" }] }, keywords: [] });
    const sid = callSid();
    const answer = await answerCall(sid);
    const stream = await openStream(sid);
    stream.socket.send(startMessage(sid, { callId: parameter(answer, "callId"), token: parameter(answer, "token") }));
    await until(() => stream.received.some((m) => m.event === "media"));
    speak(stream, sid, ASK);
    const refused = await until(async () => {
      const sessions = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as {
        type: string;
        item?: { type: string; output?: string };
      }[][];
      return sessions
        .flat()
        .find((event) => event.item?.type === "function_call_output" && event.item.output?.includes("Nobody from the team takes transfers at this time"));
    });
    expect(refused.item!.output).toContain("Offer to take a message or to book a callback instead.");
    expect((await twilioRequests()).some((r) => r.path.endsWith(`/Calls/${sid}.json`))).toBe(false);
    stop(stream, sid);
    await hangUp(sid, 20);
  });
});
