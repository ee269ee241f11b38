/**
 * The Twilio side of a call, simulated: posts the signed voice webhook, opens the signed media stream, plays
 * μ-law frames at real-time pace (silence, then the caller's speech while Nikki talks, then silence), echoes
 * each mark once the audio before it would have played, and records the media, marks and clears it receives.
 */
import { readFileSync } from "node:fs";
import { computeTwilioSignature } from "../worker/src/call/twilio-signature";
import { type StreamReport, emptyStreamReport, runMediaStream } from "./media-stream";

export const CALLER_SPEECH = new Uint8Array(readFileSync(new URL("./fixtures/caller-booking.ulaw", import.meta.url)));
/**
 * The booking request's first phrase (its first 86 frames, 1.7 s), in one breath: the whole request pauses 560 ms after
 * it, which ends a turn for server voice activity detection (500 ms), so the model answers while the caller goes on.
 */
export const CALLER_FIRST_PHRASE = CALLER_SPEECH.subarray(0, 86 * 160);

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
  /** What the caller says, as μ-law; the booking request (CALLER_SPEECH) unless given. */
  speech?: Uint8Array;
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

export interface SimulatedCallReport extends StreamReport {
  callSid: string;
  callId: string | null;
  voicemail: boolean;
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
  return { callSid, callId: null, voicemail: false, afterStream: null, ...emptyStreamReport() };
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
  const stream = await runMediaStream({
    twiml: answer,
    accountSid: options.accountSid,
    authToken: options.authToken,
    callSid,
    reachedAt: options,
    tag: options.tag,
    speech: options.speech ?? CALLER_SPEECH,
    speakAfter: { bargeInMs: options.bargeInAfterMs ?? 400 },
    answerTimeoutMs: options.answerTimeoutMs ?? 8_000,
    minDurationMs: options.minDurationMs,
    report,
    log,
  });
  if (!stream.opened) {
    if (!action) throw stream.error;
    // The caller hears what the action answered (a message to leave), then hangs up.
    await askAfterStream();
    await hangUp(options, callSid, answer, 0);
    return report;
  }
  if (stream.closedByBridge) await askAfterStream();
  const { seconds } = stream;
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
