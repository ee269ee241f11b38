/**
 * The Twilio side of a call, simulated: posts the signed voice webhook, opens the signed media stream, plays
 * μ-law frames at real-time pace (silence, then the caller's speech while Nikki talks, then silence), echoes
 * each mark once the audio before it would have played, and records the media, marks and clears it receives.
 */
import { readFileSync } from "node:fs";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { type StreamReport, emptyStreamReport, runMediaStream } from "./media-stream";
import { saying } from "./caller-voice";
import { type Callee, type DialedCall, runUpdatedCall, spoken } from "./twilio-dial";

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
  /** How long after Nikki starts talking the caller talks over her. */
  bargeInAfterMs?: number;
  /** How long to wait for Nikki's answer after the caller's turn. */
  answerTimeoutMs?: number;
  /** A sound the caller makes over Nikki's answer to their last line (media-stream.ts `over`). */
  over?: { afterMs: number; sound: Uint8Array };
  /**
   * Take as long as Twilio does to play the <Say> and <Play> before <Connect><Stream> (about 15 characters a second;
   * 2 s a clip) before opening the stream, as a real caller hears them (benchmark: the greeting's wait).
   */
  playPrompts?: boolean;
  /** Stay on the line (in silence) at least this long after the stream starts (benchmark: calls that overlap). */
  minDurationMs?: number;
  /**
   * What the caller says instead of the recorded booking request, turn by turn, as speech-codec text and a voice (the simulated
   * model hears these words and answers them as caller-model.ts does, in their language): each turn once Nikki's
   * answer to the one before has played. Its frames are not tagged, since a tag would write over the words.
   */
  says?: string[];
  /** How long the caller thinks before each of `says` after the first (default: a breath). */
  pauseMs?: number;
  /**
   * The REST simulator of the account called (twilio-rest.ts). Twilio keeps its record of the call there (answered, then
   * over: twilio-calls.ts), where a fault may lose its final status callback; and the caller follows the worker's
   * updates of the call as Twilio does (call-redirects.ts): a transfer's hold and <Dial> run with the called party
   * behaving as `transfer` says, and the caller, brought back to the agent, says `saysAfter`.
   */
  twilioRestUrl?: string;
  transfer?: { callee: Callee; talkSeconds?: number; msPerSecond?: number; saysAfter?: string };
  /** What the caller says, as μ-law (default: the booking caller's recording); empty: a caller who never speaks. */
  speech?: Uint8Array;
  /** The caller talks from the stream's first frame, not waiting for Nikki (a recorded message). */
  speakAtOnce?: boolean;
  /**
   * The caller hangs up as soon as Twilio has an answer that connects a stream, before it opens (a caller who gives up
   * while it connects). An answer without a stream (a message, a refusal) always ends the call once it is said.
   */
  hangUpOnAnswer?: boolean;
  log?: (line: string) => void;
}

export interface SimulatedCallReport extends StreamReport {
  callSid: string;
  callId: string | null;
  /** The words the voice webhook's answer said (its <Say>s; "" before it answered). */
  said: string;
  /** The answer connected no stream: a message to leave, a refusal, a screened caller's goodbye. */
  voicemail: boolean;
  /**
   * The TwiML the <Connect> action answered when the stream ended (or could not open) with the call still up, as Twilio
   * asks it; null when the caller hung up first or the TwiML named no action.
   */
  afterStream: string | null;
  /** A transfer the worker started: each number rung and what came of it, and whether the caller came back to the agent. */
  transfer: { dialed: DialedCall[]; backToAgent: boolean } | null;
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
  return { callSid, callId: null, said: "", voicemail: false, afterStream: null, transfer: null, ...emptyStreamReport() };
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
  report.said = spoken(answer);
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(answer)?.[1] ?? null;
  const token = /<Parameter name="token" value="([^"]+)"/.exec(answer)?.[1] ?? null;
  report.callId = callId;
  await reportToTwilio(options, callSid, "in-progress");
  if (!callId || !token) {
    report.voicemail = true;
    log(`call ${callSid}: answered with voicemail`);
    // Twilio says the answer's words, then the call ends (at its <Hangup/>, or as the caller leaves no message).
    await hangUp(options, callSid, answer, Math.max(1, Math.round(saidSeconds(answer))));
    return report;
  }
  log(`call ${callSid}: Twilio got TwiML connecting the media stream`);
  if (options.hangUpOnAnswer) {
    await hangUp(options, callSid, answer, 1);
    return report;
  }
  // When the stream ends, or cannot open, while the caller is still on the line, Twilio asks the <Connect> action what comes next.
  const action = /<Connect [^>]*action="([^"]+)"/.exec(answer)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const askAfterStream = async () => {
    if (!action) return;
    const params = { AccountSid: options.accountSid, CallSid: callSid, From: options.from, To: options.to, Direction: "inbound", CallStatus: "in-progress" };
    report.afterStream = await (await signedPost(options, new URL(action).pathname, params)).text();
    log(`call ${callSid}: the stream ended with the caller on the line; the <Connect> action answered ${report.afterStream}`);
  };

  if (options.playPrompts) await new Promise((resolve) => setTimeout(resolve, saidSeconds(answer) * 1000));
  const startedAt = Date.now();
  const updates = options.twilioRestUrl ? watchUpdates(options.twilioRestUrl, callSid) : null;
  const stream = await runMediaStream({
    twiml: answer,
    accountSid: options.accountSid,
    authToken: options.authToken,
    callSid,
    reachedAt: options,
    ...(options.says?.length
      ? {
          speech: saying(options.says[0]!),
          nextTurns: options.says.slice(1).map(saying),
          // Over Nikki's greeting when the caller barges in, else once it has played.
          speakAfter: options.bargeInAfterMs === undefined ? ("greeting" as const) : { bargeInMs: options.bargeInAfterMs },
        }
      : {
          tag: options.tag,
          speech: options.speech ?? CALLER_SPEECH,
          speakAfter: options.speakAtOnce ? ("at_once" as const) : { bargeInMs: options.bargeInAfterMs ?? 400 },
        }),
    answerTimeoutMs: options.answerTimeoutMs ?? 8_000,
    ...(options.over ? { over: options.over } : {}),
    minDurationMs: options.minDurationMs,
    ...(options.pauseMs === undefined ? {} : { pauseMs: options.pauseMs }),
    signal: updates?.signal,
    report,
    log,
  });
  const update = updates?.stop() ?? null;
  if (stream.opened && update?.Twiml) {
    await followUpdate(options, callSid, update.Twiml, report);
    return (await hangUp(options, callSid, answer, Math.round((Date.now() - startedAt) / 1000)), report);
  }
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

/** How long Twilio takes to play a document's <Say> (about 15 characters a second) and <Play> (2 s a clip). */
function saidSeconds(twiml: string): number {
  const said = [...twiml.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].reduce((chars, match) => chars + match[1]!.length, 0);
  return said / 15 + (twiml.match(/<Play>/g) ?? []).length * 2;
}

/**
 * Tells the REST simulator how the call goes (Twilio's record of it: twilio-calls.ts); at its end, answers whether
 * Twilio sends the final status callback (false when a fault loses it). Without a REST simulator, it always does.
 */
async function reportToTwilio(options: SimulatedCallOptions, callSid: string, status: "in-progress" | "completed", duration?: number): Promise<boolean> {
  if (!options.twilioRestUrl) return true;
  const response = await fetch(`${options.twilioRestUrl}/__calls/${callSid}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account_sid: options.accountSid, from: options.from, to: options.to, status, duration }),
  });
  if (!response.ok) throw new Error(`the Twilio simulator refused the call's report: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { status_callback: "send" | "lost" | null }).status_callback !== "lost";
}

/** Long-polls the REST simulator for this call's next update; the stream is stopped (`signal`) when one comes. */
function watchUpdates(restUrl: string, callSid: string) {
  const controller = new AbortController();
  let update: Record<string, string> | null = null;
  let watching = true;
  void (async () => {
    while (watching && !update) {
      const response = await fetch(`${restUrl}/__calls/${callSid}/redirect?wait_ms=2000`).catch(() => null);
      if (response?.status === 200) {
        update = (await response.json()) as Record<string, string>;
        controller.abort();
      } else if (!response) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    signal: controller.signal,
    stop: () => {
      watching = false;
      return update;
    },
  };
}

/** Twilio runs the call's new TwiML (a transfer); a caller brought back to the agent talks on a new stream. */
async function followUpdate(options: SimulatedCallOptions, callSid: string, twiml: string, report: SimulatedCallReport) {
  const log = options.log ?? (() => undefined);
  const transfer = options.transfer ?? { callee: "accepts" as const };
  const dialed: DialedCall[] = [];
  const post = async (url: string, params: Record<string, string>) => {
    const target = new URL(url);
    return (await signedPost(options, `${target.pathname}${target.search}`, params)).text();
  };
  const back = await runUpdatedCall(
    twiml,
    {
      callSid,
      accountSid: options.accountSid,
      from: options.from,
      to: options.to,
      callee: transfer.callee,
      talkSeconds: transfer.talkSeconds ?? 8,
      msPerSecond: transfer.msPerSecond ?? 1000,
      post,
      log,
    },
    dialed,
  );
  report.transfer = { dialed, backToAgent: back !== null };
  if (!back) return;
  log(`call ${callSid}: back with the agent on a new stream`);
  await runMediaStream({
    twiml: back,
    accountSid: options.accountSid,
    authToken: options.authToken,
    callSid,
    reachedAt: options,
    speech: saying(transfer.saysAfter ?? "No thanks, goodbye."),
    speakAfter: "greeting",
    answerTimeoutMs: options.answerTimeoutMs ?? 8_000,
    report,
    log,
  });
}

/** The call is over: Twilio's final status callback (unless a fault loses it), and the recording's when the TwiML started one. */
async function hangUp(options: SimulatedCallOptions, callSid: string, answer: string, seconds: number) {
  if (await reportToTwilio(options, callSid, "completed", seconds)) {
    await signedPost(options, "/twilio/voice/status", {
      AccountSid: options.accountSid,
      CallSid: callSid,
      CallStatus: "completed",
      CallDuration: String(seconds),
    });
  } else options.log?.(`call ${callSid}: Twilio's final status callback was lost`);
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
