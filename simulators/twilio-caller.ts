/**
 * The Twilio side of a call, simulated: posts the signed voice webhook, opens the signed media stream, plays
 * μ-law frames at real-time pace (silence, then the caller's speech while Nikki talks, then silence), echoes
 * each mark once the audio before it would have played, and records the media, marks and clears it receives.
 */
import { readFileSync } from "node:fs";
import { WebSocket } from "ws";
import { computeTwilioSignature } from "../worker/src/call/twilio-signature";
import { readTag, tagFrame, wallClock } from "./frame-tag";

export const CALLER_SPEECH = new Uint8Array(readFileSync(new URL("./fixtures/caller-booking.ulaw", import.meta.url)));
const FRAME = 160;
const FRAME_MS = 20;

export interface SimulatedCallOptions {
  /** Where the worker listens (http://127.0.0.1:8787). */
  baseUrl: string;
  /** PUBLIC_BASE_URL as the worker knows it: what Twilio signs. */
  publicBaseUrl: string;
  authToken: string;
  accountSid: string;
  from: string;
  to: string;
  /** The stream number written into each frame's tag (benchmark). */
  tag: number;
  /** How long after Nikki starts talking the caller talks over her. */
  bargeInAfterMs?: number;
  /** How long to wait for Nikki's answer after the caller's turn. */
  answerTimeoutMs?: number;
  /**
   * Take as long as Twilio does to play the <Say> and <Play> before <Connect><Stream> (about 15 characters a second;
   * 2 s a clip) before opening the stream, as a real caller hears them (benchmark: the greeting's wait).
   */
  playPrompts?: boolean;
  /** Stay on the line (in silence) at least this long after the stream starts (benchmark: calls that overlap). */
  minDurationMs?: number;
  log?: (line: string) => void;
}

export interface SimulatedCallReport {
  callSid: string;
  callId: string | null;
  voicemail: boolean;
  framesSent: number;
  sentAt: Map<string, number>;
  mediaReceived: number;
  receivedAt: Map<string, number>;
  clearAt: number | null;
  /** The stream number the OpenAI side tagged its audio with (pairs this call with its Realtime session). */
  sessionTag: number | null;
  /** From the stream's start message to the greeting's first audio. */
  greetingMs: number | null;
  /**
   * The TwiML the <Connect> action answered when the stream ended (or could not open) with the call still up, as Twilio
   * asks it; null when the caller hung up first or the TwiML named no action.
   */
  afterStream: string | null;
}

const hex = (bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, "0"),
  ).join("");

async function signedPost(options: SimulatedCallOptions, path: string, params: Record<string, string>) {
  const signature = await computeTwilioSignature(options.authToken, `${options.publicBaseUrl}${path}`, params);
  return fetch(`${options.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params),
  });
}

/** A call's report before anything was sent or heard (and the whole report of a call that never got through). */
export function emptyCallReport(callSid: string): SimulatedCallReport {
  return {
    callSid,
    callId: null,
    voicemail: false,
    framesSent: 0,
    sentAt: new Map(),
    mediaReceived: 0,
    receivedAt: new Map(),
    clearAt: null,
    sessionTag: null,
    greetingMs: null,
    afterStream: null,
  };
}

export async function placeSimulatedCall(options: SimulatedCallOptions): Promise<SimulatedCallReport> {
  const log = options.log ?? (() => undefined);
  const callSid = `CA${hex(16)}`;
  const report = emptyCallReport(callSid);
  const answer = await (
    await signedPost(options, "/twilio/voice/inbound", {
      AccountSid: options.accountSid,
      CallSid: callSid,
      From: options.from,
      To: options.to,
      Direction: "inbound",
      CallStatus: "ringing",
    })
  ).text();
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(answer)?.[1] ?? null;
  const token = /<Parameter name="token" value="([^"]+)"/.exec(answer)?.[1] ?? null;
  report.callId = callId;
  if (!callId || !token) {
    report.voicemail = true;
    log(`call ${callSid}: answered with voicemail`);
    return report;
  }
  log(`call ${callSid}: Twilio got TwiML connecting the media stream`);
  // When the stream ends, or cannot open, while the caller is still on the line, Twilio asks the <Connect> action what comes next.
  const action = /<Connect [^>]*action="([^"]+)"/.exec(answer)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const askAfterStream = async () => {
    if (!action) return;
    const params = { AccountSid: options.accountSid, CallSid: callSid, From: options.from, To: options.to, Direction: "inbound", CallStatus: "in-progress" };
    report.afterStream = await (await signedPost(options, new URL(action).pathname, params)).text();
    log(`call ${callSid}: the stream ended with the caller on the line; the <Connect> action answered ${report.afterStream}`);
  };

  if (options.playPrompts) {
    const said = [...answer.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].reduce((chars, match) => chars + match[1]!.length, 0);
    const clips = (answer.match(/<Play>/g) ?? []).length;
    await new Promise((resolve) => setTimeout(resolve, (said / 15) * 1000 + clips * 2000));
  }
  // Twilio connects to the URL the TwiML names, signing it as given.
  const streamUrl = /<Stream url="([^"]+)"/.exec(answer)?.[1] ?? "";
  const streamPath = new URL(streamUrl).pathname;
  const signature = await computeTwilioSignature(options.authToken, streamUrl.replace(/&amp;/g, "&"), {});
  // No per-message deflate: the worker declines it (no_web_socket_compression), but locally Miniflare's entry
  // worker, with its own flags, would accept it on the worker's behalf and compress every 20 ms frame.
  // As Twilio does, it connects where the TwiML says; a URL on the worker's public address is reached at `baseUrl`.
  const local = new URL(streamUrl).host === new URL(options.publicBaseUrl).host;
  const socket = new WebSocket(local ? `${options.baseUrl.replace(/^http/, "ws")}${streamPath}` : streamUrl.replace(/&amp;/g, "&"), {
    headers: { "x-twilio-signature": signature },
    perMessageDeflate: false,
  });
  const opened = await new Promise<Error | null>((resolve) => {
    socket.once("open", () => resolve(null));
    socket.once("error", resolve);
  });
  if (opened) {
    if (!action) throw opened;
    // The caller hears what the action answered (a message to leave), then hangs up.
    await askAfterStream();
    await hangUp(options, callSid, answer, 0);
    return report;
  }
  const streamSid = `MZ${callSid.slice(2)}`;
  const send = (message: object) => socket.send(JSON.stringify(message));
  send({ event: "connected", protocol: "Call", version: "1.0.0" });
  send({
    event: "start",
    sequenceNumber: "1",
    start: {
      accountSid: options.accountSid,
      streamSid,
      callSid,
      tracks: ["inbound"],
      customParameters: { callId, token },
      mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
    },
    streamSid,
  });
  const startSentAt = wallClock();

  let playbackEndsAt = 0;
  let nikkiStartedAt: number | null = null;
  let speechOffset = -1;
  let speechDoneAt: number | null = null;
  let mediaAfterSpeech = 0;
  const marksPending: ReturnType<typeof setTimeout>[] = [];
  socket.on("message", (raw) => {
    const now = wallClock();
    const message = JSON.parse(String(raw)) as { event: string; media?: { payload: string }; mark?: { name: string } };
    if (message.event === "media" && message.media) {
      report.mediaReceived++;
      if (speechDoneAt !== null) mediaAfterSpeech++;
      const bytes = Buffer.from(message.media.payload, "base64");
      const key = readTag(bytes);
      if (key) {
        report.receivedAt.set(key, now);
        report.sessionTag ??= Number(key.split(":")[0]);
      }
      if (nikkiStartedAt === null) report.greetingMs = now - startSentAt;
      nikkiStartedAt ??= now;
      playbackEndsAt = Math.max(playbackEndsAt, now) + bytes.length / 8;
    } else if (message.event === "mark" && message.mark) {
      const name = message.mark.name;
      marksPending.push(setTimeout(() => send({ event: "mark", sequenceNumber: "0", streamSid, mark: { name } }), Math.max(0, playbackEndsAt - now)));
    } else if (message.event === "clear") {
      report.clearAt ??= now;
      playbackEndsAt = now;
      log(`call ${callSid}: Twilio cleared Nikki's audio (the caller barged in)`);
    }
  });

  const bargeInAfter = options.bargeInAfterMs ?? 400;
  const answerTimeout = options.answerTimeoutMs ?? 8_000;
  const silence = new Uint8Array(FRAME).fill(0xff);
  let sequence = 0;
  const started = wallClock();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = wallClock();
      if (speechOffset < 0 && nikkiStartedAt !== null && now - nikkiStartedAt >= bargeInAfter) {
        speechOffset = 0;
        log(`call ${callSid}: the caller starts talking over Nikki`);
      }
      let frame = silence;
      if (speechOffset >= 0 && speechOffset < CALLER_SPEECH.length) {
        frame = CALLER_SPEECH.subarray(speechOffset, speechOffset + FRAME);
        if (frame.length < FRAME) frame = Uint8Array.from({ length: FRAME }, (_, i) => frame[i] ?? 0xff);
        speechOffset += FRAME;
        if (speechOffset >= CALLER_SPEECH.length) speechDoneAt = now;
      }
      sequence = (sequence + 1) & 0xffff;
      const tagged = tagFrame(frame, options.tag, sequence);
      report.sentAt.set(`${options.tag}:${sequence}`, wallClock());
      send({
        event: "media",
        sequenceNumber: String(sequence + 1),
        media: { track: "inbound", chunk: String(sequence), timestamp: String(Math.round(now - started)), payload: Buffer.from(tagged).toString("base64") },
        streamSid,
      });
      report.framesSent++;
      const answered = speechDoneAt !== null && mediaAfterSpeech > 0 && now - speechDoneAt > 1_000 && now - started >= (options.minDurationMs ?? 0);
      const gaveUp = speechDoneAt !== null && mediaAfterSpeech === 0 && now - speechDoneAt > answerTimeout;
      const neverStarted = nikkiStartedAt === null && now - started > answerTimeout;
      if (answered || gaveUp || neverStarted || socket.readyState !== WebSocket.OPEN) resolve();
      else setTimeout(tick, Math.max(0, started + (report.framesSent + 1) * FRAME_MS - wallClock()));
    };
    tick();
  });

  for (const timer of marksPending) clearTimeout(timer);
  const closedByBridge = socket.readyState !== WebSocket.OPEN;
  if (!closedByBridge) send({ event: "stop", sequenceNumber: "99999", streamSid, stop: { accountSid: options.accountSid, callSid } });
  socket.close();
  if (closedByBridge) await askAfterStream();
  const seconds = Math.round((wallClock() - started) / 1000);
  await hangUp(options, callSid, answer, seconds);
  log(`call ${callSid}: hung up after ${seconds} s; ${report.framesSent} frames sent, ${report.mediaReceived} received`);
  return report;
}

/** The call is over: Twilio's final status callback, and the recording's when the TwiML started one. */
async function hangUp(options: SimulatedCallOptions, callSid: string, answer: string, seconds: number) {
  await signedPost(options, "/twilio/voice/status", {
    AccountSid: options.accountSid,
    CallSid: callSid,
    CallStatus: "completed",
    CallDuration: String(seconds),
  });
  // <Start><Recording> asked for the recording: Twilio posts its status callback once the recording is ready.
  const recordingCallback = /<Recording [^>]*recordingStatusCallback="([^"]+)"/.exec(answer)?.[1];
  if (recordingCallback) {
    const recordingSid = `RE${hex(16)}`;
    await signedPost(options, new URL(recordingCallback.replace(/&amp;/g, "&")).pathname, {
      AccountSid: options.accountSid,
      CallSid: callSid,
      RecordingSid: recordingSid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${options.accountSid}/Recordings/${recordingSid}`,
      RecordingStatus: "completed",
      RecordingDuration: String(seconds),
      RecordingChannels: "1",
      RecordingSource: "StartCallRecordingTwiML",
    });
  }
}
