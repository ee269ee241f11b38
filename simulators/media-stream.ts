/**
 * Twilio's side of a Media Stream, simulated: opens the signed websocket the TwiML's <Connect><Stream> names, sends
 * `connected` and `start` (with the TwiML's <Parameter>s), plays μ-law frames at real-time pace (silence, then the
 * party's speech, then silence), echoes each mark once the audio before it would have played, records the media,
 * marks and clears it receives, and ends with `stop` when the party is done, or when the call is ended from outside.
 * Used for an inbound caller (twilio-caller.ts) and for the callee of a call placed through the REST API
 * (twilio-outbound.ts).
 */
import { WebSocket } from "ws";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { readTag, tagFrame, wallClock } from "./frame-tag";
import { decodeText } from "./speech-codec";

const FRAME = 160;
const FRAME_MS = 20;
/** How many of Nikki's first frames are read for the words a greeting rendered ahead carries (up to ~300 characters). */
const WORDS_FRAMES = 8;
/** After a sound over Nikki's answer, how long the party waits for an answer to it (the model's 500 ms of silence, and its reply). */
const OVER_ANSWER_MS = 2_500;

/** What the far end heard and sent during the stream. */
export interface StreamReport {
  framesSent: number;
  sentAt: Map<string, number>;
  mediaReceived: number;
  receivedAt: Map<string, number>;
  clearAt: number | null;
  /** When the party started the sound it makes over Nikki's answer (`over`), on the wall clock; null when it made none. */
  overAt: number | null;
  /** The stream number the OpenAI side tagged its audio with (pairs this call with its Realtime session). */
  sessionTag: number | null;
  /** From the stream's start message to the greeting's first audio. */
  greetingMs: number | null;
  /** When the stream's start message was sent, on the wall clock. */
  startedAt: number | null;
}

export const emptyStreamReport = (): StreamReport => ({
  framesSent: 0,
  sentAt: new Map(),
  mediaReceived: 0,
  receivedAt: new Map(),
  clearAt: null,
  overAt: null,
  sessionTag: null,
  greetingMs: null,
  startedAt: null,
});

export interface StreamOptions {
  /** The TwiML that connects the stream. */
  twiml: string;
  accountSid: string;
  authToken: string;
  callSid: string;
  /** A stream URL on `publicBaseUrl`'s host is reached at `baseUrl` (the worker as Twilio knows it, and where it listens). */
  reachedAt?: { publicBaseUrl: string; baseUrl: string };
  /** The stream number written into each frame's tag (benchmark); none leaves the audio as it is (speech-codec.ts text). */
  tag?: number;
  /** What the party says, as μ-law. */
  speech: Uint8Array;
  /** What the party says after that, turn by turn: each once Nikki's answer to the turn before has played (and a breath). */
  nextTurns?: Uint8Array[];
  /**
   * When the party talks: this long after Nikki starts (over her: a barge-in), once her greeting has played, or as
   * soon as the stream starts (a voicemail's greeting, a fax's tone) or from the first frame (a recorded message that waits for no one).
   */
  speakAfter: { bargeInMs: number } | "greeting" | "answer" | "at_once";
  /**
   * A sound the party makes over Nikki's answer to their last turn, `afterMs` after its first audio came (a cough, an
   * "mm-hm", talking over her); the stream then stays on until whatever answers it has played.
   */
  over?: { afterMs: number; sound: Uint8Array };
  /** How long to wait for Nikki's answer after the party's turn. */
  answerTimeoutMs: number;
  /** How long the party thinks before each next turn once Nikki's answer has played (default: a breath, 300 ms). */
  pauseMs?: number;
  /** Stay on the line (in silence) at least this long after the stream starts. */
  minDurationMs?: number;
  /** Ends the stream from outside (the call hung up, or its TwiML replaced). */
  signal?: AbortSignal;
  report: StreamReport;
  log(line: string): void;
}

/** How the stream went: it could not open (the error), or it ran; `closedByBridge` when the far side closed it first. */
export type StreamOutcome = { opened: false; error: Error } | { opened: true; closedByBridge: boolean; seconds: number };

const unescape = (value: string) => value.replace(/&amp;/g, "&");

export async function runMediaStream(options: StreamOptions): Promise<StreamOutcome> {
  const { report, callSid, log } = options;
  // Twilio connects to the URL the TwiML names, signing it as given.
  const streamUrl = unescape(/<Stream url="([^"]+)"/.exec(options.twiml)?.[1] ?? "");
  const customParameters = Object.fromEntries(
    [...options.twiml.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, unescape(match[2]!)]),
  );
  const signature = await computeTwilioSignature(options.authToken, streamUrl, {});
  // No per-message deflate: the worker declines it (no_web_socket_compression), but locally Miniflare's entry
  // worker, with its own flags, would accept it on the worker's behalf and compress every 20 ms frame.
  const { reachedAt } = options;
  const target = new URL(streamUrl);
  const local = reachedAt && target.host === new URL(reachedAt.publicBaseUrl).host;
  const socket = new WebSocket(local ? `${reachedAt.baseUrl.replace(/^http/, "ws")}${target.pathname}${target.search}` : streamUrl, {
    headers: { "x-twilio-signature": signature },
    perMessageDeflate: false,
  });
  const opened = await new Promise<Error | null>((resolve) => {
    socket.once("open", () => resolve(null));
    socket.once("error", resolve);
  });
  if (opened) return { opened: false, error: opened };
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
      customParameters,
      mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
    },
    streamSid,
  });
  const startSentAt = wallClock();
  report.startedAt = startSentAt;

  let playbackEndsAt = 0;
  let nikkiStartedAt: number | null = null;
  let speechOffset = -1;
  let speechDoneAt: number | null = null;
  let mediaAfterSpeech = 0;
  /** When Nikki's answer to the last turn began coming, and where the sound over it is (-1: not started). */
  let answerCameAt: number | null = null;
  let overOffset = -1;
  let overDoneAt: number | null = null;
  const marksPending: ReturnType<typeof setTimeout>[] = [];
  const firstFrames: Buffer[] = [];
  socket.on("message", (raw) => {
    const now = wallClock();
    const message = JSON.parse(String(raw)) as { event: string; media?: { payload: string }; mark?: { name: string } };
    if (message.event === "media" && message.media) {
      report.mediaReceived++;
      if (speechDoneAt !== null && mediaAfterSpeech++ === 0 && nextTurns.length === 0) answerCameAt = now;
      const bytes = Buffer.from(message.media.payload, "base64");
      const key = readTag(bytes);
      if (key) {
        report.receivedAt.set(key, now);
        report.sessionTag ??= Number(key.split(":")[0]);
      }
      if (nikkiStartedAt === null) {
        report.greetingMs = now - startSentAt;
        log(`call ${callSid}: Nikki's first audio ${Math.round(report.greetingMs)} ms after the stream's start`);
      }
      // A greeting rendered ahead by the simulated text to speech opens with its words (speech-codec.ts): told once its first frames are in.
      if (firstFrames.length < WORDS_FRAMES) {
        firstFrames.push(bytes);
        const words = firstFrames.length === WORDS_FRAMES ? decodeText(Buffer.concat(firstFrames)) : null;
        if (words) log(`call ${callSid}: Nikki's first frames are the greeting rendered ahead: "${words}"`);
      }
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

  const silence: Uint8Array = new Uint8Array(FRAME).fill(0xff);
  let { speech } = options;
  const nextTurns = [...(options.nextTurns ?? [])];
  let sequence = 0;
  const started = wallClock();
  // Time to talk: over Nikki after a while, or once her greeting has played out (and a breath after it).
  const timeToTalk = (now: number) => {
    const { speakAfter } = options;
    if (speakAfter === "answer" || speakAfter === "at_once") return true;
    return nikkiStartedAt !== null && (speakAfter === "greeting" ? now > playbackEndsAt + 300 : now - nikkiStartedAt >= speakAfter.bargeInMs);
  };
  const turn = { greeting: "callee answers Nikki's greeting", answer: "callee's recording starts playing", at_once: "caller starts talking at once" } as const;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = wallClock();
      if (speechOffset < 0 && timeToTalk(now)) {
        speechOffset = 0;
        if (speech.length > 0)
          log(`call ${callSid}: the ${typeof options.speakAfter === "string" ? turn[options.speakAfter] : "caller starts talking over Nikki"}`);
      }
      // Nikki answered the turn and her answer has played: the party says the next one.
      if (speechDoneAt !== null && mediaAfterSpeech > 0 && nextTurns.length > 0 && now > playbackEndsAt + (options.pauseMs ?? 300)) {
        speech = nextTurns.shift()!;
        speechOffset = 0;
        speechDoneAt = null;
        mediaAfterSpeech = 0;
        log(`call ${callSid}: the party says the next turn`);
      }
      let frame = silence;
      const { over } = options;
      if (over && overOffset < 0 && answerCameAt !== null && now - answerCameAt >= over.afterMs) {
        overOffset = 0;
        report.overAt = now;
        log(`call ${callSid}: the caller makes a sound over Nikki (${Math.round((over.sound.length / FRAME) * FRAME_MS)} ms)`);
      }
      if (over && overOffset >= 0 && overOffset < over.sound.length) {
        frame = over.sound.subarray(overOffset, overOffset + FRAME);
        if (frame.length < FRAME) frame = Uint8Array.from({ length: FRAME }, (_, i) => frame[i] ?? 0xff);
        overOffset += FRAME;
        if (overOffset >= over.sound.length) overDoneAt = now;
      } else if (speechOffset >= 0 && speechOffset < speech.length) {
        frame = speech.subarray(speechOffset, speechOffset + FRAME);
        if (frame.length < FRAME) frame = Uint8Array.from({ length: FRAME }, (_, i) => frame[i] ?? 0xff);
        speechOffset += FRAME;
        if (speechOffset >= speech.length) speechDoneAt = now;
      }
      sequence = (sequence + 1) & 0xffff;
      const tagged = options.tag === undefined ? frame : tagFrame(frame, options.tag, sequence);
      if (options.tag !== undefined) report.sentAt.set(`${options.tag}:${sequence}`, wallClock());
      send({
        event: "media",
        sequenceNumber: String(sequence + 1),
        media: { track: "inbound", chunk: String(sequence), timestamp: String(Math.round(now - started)), payload: Buffer.from(tagged).toString("base64") },
        streamSid,
      });
      report.framesSent++;
      // A party with several turns also hears the last answer out before hanging up.
      const heardOut = !options.nextTurns?.length || now > playbackEndsAt + 300;
      // A sound over her answer may get one of its own (an interruption's): heard out, and time for it to come.
      const overHeard = !options.over || (overDoneAt !== null && now - overDoneAt > OVER_ANSWER_MS && now > playbackEndsAt + 300);
      const answered =
        speechDoneAt !== null &&
        mediaAfterSpeech > 0 &&
        nextTurns.length === 0 &&
        heardOut &&
        overHeard &&
        now - speechDoneAt > 1_000 &&
        now - started >= (options.minDurationMs ?? 0);
      const gaveUp = speechDoneAt !== null && mediaAfterSpeech === 0 && now - speechDoneAt > options.answerTimeoutMs;
      const neverStarted = nikkiStartedAt === null && now - started > options.answerTimeoutMs;
      if (answered || gaveUp || neverStarted || options.signal?.aborted || socket.readyState !== WebSocket.OPEN) resolve();
      else setTimeout(tick, Math.max(0, started + (report.framesSent + 1) * FRAME_MS - wallClock()));
    };
    tick();
  });

  for (const timer of marksPending) clearTimeout(timer);
  const closedByBridge = socket.readyState !== WebSocket.OPEN;
  if (!closedByBridge) send({ event: "stop", sequenceNumber: "99999", streamSid, stop: { accountSid: options.accountSid, callSid } });
  socket.close();
  return { opened: true, closedByBridge, seconds: Math.round((wallClock() - started) / 1000) };
}
