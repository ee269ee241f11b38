import { OPENAI_MODELS } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FRAME_BASE64_CHARS } from "../src/call/audio-frames";
import { planeRequest } from "../src/call/plane-auth";
import { wavToUlaw } from "@nikki/core/mulaw";
import { base64Frames } from "../src/voice/greeting-cache";
import { type SignedUp, call, signUp } from "./accounts";
import { SIMULATED } from "./simulators";
import { LOUD, SILENT, anyCaller, callSid, mediaMessage, openStream, startMessage, twilioPost, until } from "./twilio";

/**
 * Issue 38 §1: the agent's greeting rendered ahead (on the account that pays for its calls), kept by the media plane,
 * played at the stream's start, told to the model as said, written once in the transcript; today's path when there is
 * no render, which is then made for the next call; rendered again when the agent's voice or greeting changes.
 */
const OPENAI = `http://127.0.0.1:${SIMULATED.openaiPort}`;
const COMPANY = `Greeting Bakery ${crypto.randomUUID().slice(0, 8)}`;
const ALWAYS_OPEN = Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));
/** The voice this file's own reference renders ask for, so they are told apart from the product's. */
const REFERENCE_VOICE = "reference";

type Received = { type: string; [key: string]: unknown };
const speechRequests = async () =>
  ((await (await fetch(`${OPENAI}/__speech-requests`)).json()) as { input: string; voice: string; response_format?: string }[]).filter(
    (request) => request.voice !== REFERENCE_VOICE,
  );
const rendersOf = async (line: string, voice = "alloy") => (await speechRequests()).filter((request) => request.input === line && request.voice === voice);

/** The frames a render of `line` is, made here as the product makes them from the simulator's speech. */
async function referenceFrames(line: string): Promise<string[]> {
  const response = await fetch(`${OPENAI}/v1/audio/speech`, {
    method: "POST",
    headers: { authorization: `Bearer ${SIMULATED.openaiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ model: OPENAI_MODELS.speech, voice: REFERENCE_VOICE, input: line, response_format: "wav" }),
  });
  return base64Frames(wavToUlaw(await response.arrayBuffer())).match(new RegExp(`.{${FRAME_BASE64_CHARS}}`, "g"))!;
}

/** The model's session of this file's latest call (its instructions name the business). */
async function latestSession(): Promise<Received[]> {
  const sessions = (await (await fetch(`${OPENAI}/__realtime-sessions`)).json()) as Received[][];
  const ours = sessions.filter((received) => received.some((event) => event.type === "session.update" && JSON.stringify(event.session).includes(COMPANY)));
  return ours.at(-1) ?? [];
}

let owner: SignedUp;
let agentId: string;
let number: string;

beforeAll(async () => {
  owner = await signUp({ company: COMPANY });
  const created = await call("/api/agents", { cookie: owner.cookie, body: { name: "Tess", hours_json: ALWAYS_OPEN } });
  agentId = ((await created.json()) as { agent: { id: string } }).agent.id;
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0");
  number = `+1312${digits}`;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, agentId)
    .run();
});

/** A call to the agent's number, its stream started. */
async function ring() {
  const sid = callSid();
  const params = { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, From: anyCaller(), To: number, Direction: "inbound", CallStatus: "ringing" };
  const document = await (await twilioPost("/twilio/voice/inbound", params)).text();
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(document)![1]!;
  const token = /<Parameter name="token" value="([^"]+)"/.exec(document)![1]!;
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId, token }));
  const media = () => stream.received.filter((m) => m.event === "media").map((m) => (m.media as { payload: string }).payload);
  return { sid, callId, stream, media };
}

/** The caller says something and waits for the answer to start, then hangs up; the call's stored transcript. */
async function talkAndHangUp(placed: Awaited<ReturnType<typeof ring>>) {
  const { sid, callId, stream, media } = placed;
  const before = media().length;
  let t = 0;
  for (let i = 0; i < 15; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
  for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
  await until(() => media().length > before);
  // The caller hangs up once the answer has finished streaming: at its first frame, its words may not be written yet.
  let seen = -1;
  await until(async () => {
    const now = media().length;
    const still = now === seen;
    seen = now;
    if (!still) await new Promise((resolve) => setTimeout(resolve, 500));
    return still ? true : null;
  }, 15_000);
  stream.socket.send(JSON.stringify({ event: "stop", sequenceNumber: "99", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
  await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "20", AccountSid: env.TWILIO_ACCOUNT_SID! });
  await until(() => env.DB.prepare("select 1 from calls where id = ? and transcript is not null").bind(callId).first(), 15_000);
  const detail = (await (await call(`/api/calls/${callId}`, { cookie: owner.cookie })).json()) as {
    call: { transcript: { role: string; content: string; at_ms: number | null }[] };
  };
  return detail.call.transcript;
}

/** Waits for the render of `line` to be asked for, then for the media plane to have kept it (a call plays it). */
async function renderedAndKept(line: string, voice = "alloy") {
  await until(async () => (await rendersOf(line, voice)).length > 0);
  // The render is handed to the media plane right after the speech comes back.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

const saidByModel = (session: Received[], line: string) =>
  session.some((event) => event.type === "response.create" && JSON.stringify(event.response ?? {}).includes(line.slice(0, 40)));
const toldAsSaid = (session: Received[], line: string) =>
  session.some(
    (event) =>
      event.type === "conversation.item.create" &&
      JSON.stringify(event.item) === JSON.stringify({ type: "message", role: "assistant", content: [{ type: "output_text", text: line }] }),
  );

/** This company's latest model session once the model has been told `line` was said (its session may open after the greeting's frames). */
const toldSession = (line: string) =>
  until(async () => {
    const latest = await latestSession();
    return toldAsSaid(latest, line) ? latest : null;
  });

describe("the greeting rendered ahead", { timeout: 60_000 }, () => {
  const line = "This call may be recorded. Thanks for calling " + `${COMPANY}, this is Tess. How can I help?`;

  it("is rendered when the agent is saved, and its frames are the first media the caller gets; the model is told and does not say it again; the transcript has it once", async () => {
    await renderedAndKept(line);
    const [render] = await rendersOf(line);
    expect(render).toMatchObject({ voice: "alloy", response_format: "wav" });
    const expected = await referenceFrames(line);

    const placed = await ring();
    await until(() => placed.media().length >= expected.length);
    expect(placed.media().slice(0, expected.length)).toEqual(expected);
    // The caller hears it out (Twilio echoes its mark once it has played), then talks.
    for (const m of placed.stream.received.filter((m) => m.event === "mark"))
      placed.stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${placed.sid.slice(2)}`, mark: m.mark }));

    const transcript = await talkAndHangUp(placed);
    const session = await latestSession();
    expect(toldAsSaid(session, line)).toBe(true);
    expect(saidByModel(session, line)).toBe(false);
    // The model's only words are its answer to the caller, never the greeting.
    expect(transcript[0]).toMatchObject({ role: "assistant", content: line });
    expect(transcript[0]!.at_ms).toEqual(expect.any(Number));
    expect(transcript.filter((entry) => entry.content === line)).toHaveLength(1);
    expect(transcript.some((entry) => entry.role === "assistant" && entry.content !== line)).toBe(true);
  });

  it("is cleared when the caller talks over it, as the model's audio is", async () => {
    const placed = await ring();
    const { sid, stream, media } = placed;
    await until(() => media().length > 0);
    // The line's silence, then the caller talks over it for 300 ms, as long as the bridge lets speech go before it stops her.
    let t = 0;
    for (let i = 0; i < 5; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
    for (let i = 0; i < 15; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
    await until(() => stream.received.some((m) => m.event === "clear"));
    const clearAt = stream.received.findIndex((m) => m.event === "clear");
    // Every frame of the greeting was already with Twilio, marked: the clear drops what had not played.
    expect(stream.received.slice(0, clearAt).filter((m) => m.event === "media")).toHaveLength((await referenceFrames(line)).length);
    const session = await toldSession(line);
    expect(session.some((event) => event.type === "conversation.item.truncate")).toBe(false);
    // The model is told what was heard instead of the whole line.
    await until(async () => (await latestSession()).some((event) => event.type === "conversation.item.delete"));
    for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
    const transcript = await talkAndHangUp(placed);
    expect(transcript.some((entry) => entry.content === line)).toBe(false);
    expect(transcript.filter((entry) => entry.role === "assistant" && line.startsWith(entry.content)).length).toBeLessThanOrEqual(1);
  });

  it("is rendered again when the agent's greeting or voice changes, and the next call plays the new one", async () => {
    const greeting = "Tess at the bakery, what can I get you?";
    await call(`/api/agents/${agentId}`, { method: "PATCH", cookie: owner.cookie, body: { greeting } });
    const changed = `This call may be recorded. ${greeting}`;
    await renderedAndKept(changed);
    const expected = await referenceFrames(changed);
    const first = await ring();
    await until(() => first.media().length >= expected.length);
    expect(first.media().slice(0, expected.length)).toEqual(expected);
    await toldSession(changed);
    await talkAndHangUp(first);

    await call(`/api/agents/${agentId}`, { method: "PATCH", cookie: owner.cookie, body: { voice: "verse" } });
    await renderedAndKept(changed, "verse");
    const second = await ring();
    await until(() => second.media().length >= expected.length);
    expect(second.media().slice(0, expected.length)).toEqual(expected);
    const session = await toldSession(changed);
    expect(saidByModel(session, changed)).toBe(false);
    await talkAndHangUp(second);
  });

  it("falls back to the model's greeting when there is no render, and renders it for the next call", async () => {
    // Changed behind the product's back: no save rendered this one.
    const greeting = "Fresh bread all day at Tess's, how can I help?";
    await env.DB.prepare("update agents set greeting = ? where id = ?").bind(greeting, agentId).run();
    const changed = `This call may be recorded. ${greeting}`;
    expect(await rendersOf(changed, "verse")).toEqual([]);

    const first = await ring();
    await until(() => first.media().length > 0);
    const expected = await referenceFrames(changed);
    expect(first.media()[0]).not.toBe(expected[0]);
    expect(saidByModel(await until(async () => ((await latestSession()).some((e) => e.type === "response.create") ? latestSession() : null)), changed)).toBe(
      true,
    );
    const transcript = await talkAndHangUp(first);
    expect(transcript.filter((entry) => entry.content === changed)).toHaveLength(1);

    // The miss had the greeting rendered, on the call's account, for the next call.
    await renderedAndKept(changed, "verse");
    const second = await ring();
    await until(() => second.media().length >= expected.length);
    expect(second.media().slice(0, expected.length)).toEqual(expected);
    await talkAndHangUp(second);
  });

  it("is kept by the media plane only when the control plane signed it", async () => {
    const keep = (request: Request) => env.MEDIA.fetch(request);
    const body = JSON.stringify({ key: `greeting:${agentId}:forged`, frames: "AAAA" });
    const unsigned = await keep(
      new Request("https://media.internal/media/greetings", { method: "POST", headers: { "content-type": "application/json" }, body }),
    );
    expect(unsigned.status).toBe(403);
    const forged = await keep(await planeRequest("not-the-deployment-secret-0123456789", "https://media.internal/media/greetings", JSON.parse(body)));
    expect(forged.status).toBe(403);
    const signedButEmpty = await keep(await planeRequest(env.AUTH_SECRET!, "https://media.internal/media/greetings", { key: 42 }));
    expect(signedButEmpty.status).toBe(403);
  });

  it("falls back to the model's greeting while text to speech is down, on every call", async () => {
    const greeting = "Tess here [simulate:speech-error], how can I help?";
    await call(`/api/agents/${agentId}`, { method: "PATCH", cookie: owner.cookie, body: { greeting } });
    const changed = `This call may be recorded. ${greeting}`;
    // The save's render failed (OpenAI's 500, retried once by the SDK).
    await until(async () => (await rendersOf(changed, "verse")).length >= 2);
    for (let attempt = 0; attempt < 2; attempt++) {
      const placed = await ring();
      await until(() => placed.media().length > 0);
      const session = await until(async () => ((await latestSession()).some((e) => e.type === "response.create") ? latestSession() : null));
      expect(saidByModel(session, changed)).toBe(true);
      expect(toldAsSaid(session, changed)).toBe(false);
      const transcript = await talkAndHangUp(placed);
      expect(transcript.filter((entry) => entry.content === changed)).toHaveLength(1);
    }
    // Each call tried the render again, for the next.
    await until(async () => (await rendersOf(changed, "verse")).length >= 6);
  });
});
