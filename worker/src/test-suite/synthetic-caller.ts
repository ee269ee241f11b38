/**
 * The Test Suite's caller: the worker acting as Twilio towards itself. It posts the signed voice webhook, opens the
 * signed media stream, streams μ-law at real-time pace (silence, or the caller's lines spoken by the TTS provider),
 * plays Nikki's audio as Twilio does (in real time, from when it comes, until told to clear), echoes each mark once
 * the audio before it has played, and hangs up with Twilio's status callback. Requests go to the app in-process, not over the network.
 * A line's answer is Nikki's first audio that is not a filler said while a tool runs: the stream carries no words, so
 * a filler is told by the marks the media plane sends after its audio (named with FILLER_MARK_PREFIX).
 */
import { FILLER_MARK_PREFIX } from "../call/tool-fillers";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";

const FRAME_BYTES = 160;
const FRAME_MS = 20;
/** The answer is over once this long passes with no audio from Nikki. */
const QUIET_MS = 900;
const SILENCE = new Uint8Array(FRAME_BYTES).fill(0xff);

export interface SyntheticCallOptions {
  /** The app's fetch, in-process. */
  fetch(request: Request): Promise<Response>;
  /** The deployment's public origin: what Twilio signs. */
  origin: string;
  accountSid: string;
  authToken: string;
  callSid: string;
  from: string;
  to: string;
}

const bytesToBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));

async function signedPost(options: SyntheticCallOptions, path: string, params: Record<string, string>): Promise<Response> {
  const url = `${options.origin}${path}`;
  const signature = await computeTwilioSignature(options.authToken, url, params);
  return options.fetch(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
      body: new URLSearchParams(params),
    }),
  );
}

export type RingResult = { ok: true; ms: number; streamUrl: string; parameters: Record<string, string> } | { ok: false; ms: number; reason: string };

/** Twilio's inbound-call webhook, signed with the account's token: what the product answers. */
export async function ring(options: SyntheticCallOptions): Promise<RingResult> {
  const started = Date.now();
  const response = await signedPost(options, "/twilio/voice/inbound", {
    AccountSid: options.accountSid,
    CallSid: options.callSid,
    From: options.from,
    To: options.to,
    Direction: "inbound",
    CallStatus: "ringing",
  });
  const ms = Date.now() - started;
  const type = response.headers.get("content-type") ?? "";
  const body = await response.text();
  if (response.status !== 200 || !type.includes("xml"))
    return { ok: false, ms, reason: `The voice webhook answered ${response.status} with ${type || "no content type"}.` };
  const streamUrl = /<Stream url="([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, "&");
  if (!streamUrl) return { ok: false, ms, reason: "Nikki could not take the call: it went to voicemail. Check the number's agent is active." };
  const parameters = Object.fromEntries([...body.matchAll(/<Parameter name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  return { ok: true, ms, streamUrl, parameters };
}

/** The media stream of a ringing call: the caller's side of it. */
export class SyntheticStream {
  private queue: Uint8Array[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;
  private sequence = 0;
  private lastAudioAt = 0;
  private audioFrames = 0;
  /** Audio not yet followed by a mark (when its first frame came), and the answers' marks so far (fillers' are not). */
  private unmarkedSince: number | null = null;
  private answerMarks = 0;
  /** The end of the caller's last line, and the first audio of Nikki's answer to it. */
  private lineEndedAt = 0;
  private answerAudioAt = 0;
  /** When Nikki's audio received so far ends playing; how many times Twilio was told to clear it. */
  private playbackEndsAt = 0;
  clears = 0;
  private readonly started = Date.now();
  private closed = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly streamSid: string,
  ) {}

  /** Opens the signed stream, sends `connected` and `start` with the call's parameters, then streams silence. */
  static async open(options: SyntheticCallOptions, streamUrl: string, parameters: Record<string, string>): Promise<SyntheticStream> {
    const path = new URL(streamUrl).pathname;
    const signature = await computeTwilioSignature(options.authToken, streamUrl, {});
    const response = await options.fetch(new Request(`${options.origin}${path}`, { headers: { upgrade: "websocket", "x-twilio-signature": signature } }));
    const socket = response.webSocket;
    if (!socket) throw new Error(`The media stream answered ${response.status}.`);
    socket.accept();
    const streamSid = `MZ${options.callSid.slice(2)}`;
    const stream = new SyntheticStream(socket, streamSid);
    socket.addEventListener("message", (event) => stream.received(event.data));
    socket.addEventListener("close", () => stream.stop());
    stream.send({ event: "connected", protocol: "Call", version: "1.0.0" });
    stream.send({
      event: "start",
      sequenceNumber: "1",
      start: {
        accountSid: options.accountSid,
        streamSid,
        callSid: options.callSid,
        tracks: ["inbound"],
        customParameters: parameters,
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      },
      streamSid,
    });
    stream.ticker = setInterval(() => stream.tick(), FRAME_MS);
    return stream;
  }

  get seconds(): number {
    return Math.round((Date.now() - this.started) / 1000);
  }

  /** Resolves with the milliseconds until Nikki's first audio (the greeting), or null after `timeoutMs`. */
  async firstAudio(timeoutMs: number): Promise<number | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.audioFrames === 0) {
      if (Date.now() > deadline || this.closed) return null;
      await pause(25);
    }
    return this.lastAudioAt - this.started;
  }

  /**
   * Plays the line, then waits for Nikki's answer to start and finish. Answers the gap from the end of the line to her
   * first audio. `over`: a sound the caller makes `afterMs` into her answer (a cough), over her.
   */
  async say(audio: Uint8Array, timeoutMs: number, over?: { sound: Uint8Array; afterMs: number }): Promise<number | null> {
    await this.quiet(timeoutMs);
    this.play(audio);
    while (this.queue.length > 0 && !this.closed) await pause(FRAME_MS);
    const spokenAt = Date.now();
    this.lineEndedAt = spokenAt;
    const answered = this.answerMarks;
    const framesBefore = this.audioFrames;
    let soundAt = over ? Number.POSITIVE_INFINITY : null;
    const deadline = spokenAt + timeoutMs;
    // Fillers ("One moment while I check that.") are not the answer: it is the first audio marked as not a filler's.
    while (this.answerMarks === answered || (soundAt !== null && Date.now() < soundAt)) {
      if (Date.now() > deadline || this.closed) return null;
      if (soundAt === Number.POSITIVE_INFINITY && this.audioFrames > framesBefore) soundAt = Date.now() + over!.afterMs;
      if (soundAt !== null && Date.now() >= soundAt) {
        this.play(over!.sound);
        soundAt = null;
      }
      await pause(10);
    }
    const gap = this.answerAudioAt - spokenAt;
    await this.quiet(timeoutMs);
    return gap;
  }

  /** Twilio's `stop`, then the socket closes. */
  hangUp(): void {
    if (!this.closed) this.send({ event: "stop", sequenceNumber: String(this.sequence + 2), streamSid: this.streamSid, stop: {} });
    this.stop();
    try {
      this.socket.close(1000, "Caller hung up");
    } catch {
      // already closed
    }
  }

  /** The caller's audio, queued to be sent a frame at a time. */
  private play(audio: Uint8Array) {
    for (let offset = 0; offset < audio.length; offset += FRAME_BYTES) {
      const frame = audio.subarray(offset, offset + FRAME_BYTES);
      this.queue.push(frame.length === FRAME_BYTES ? frame : Uint8Array.from({ length: FRAME_BYTES }, (_, i) => frame[i] ?? 0xff));
    }
  }

  /** Until Nikki's audio has played out and none has come for QUIET_MS. */
  private async quiet(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    const heardUntil = () => Math.max(this.lastAudioAt, this.playbackEndsAt);
    while (this.audioFrames > 0 && Date.now() - heardUntil() < QUIET_MS && Date.now() < deadline && !this.closed) await pause(50);
  }

  private tick() {
    const frame = this.queue.shift() ?? SILENCE;
    this.sequence++;
    this.send({
      event: "media",
      sequenceNumber: String(this.sequence + 1),
      media: { track: "inbound", chunk: String(this.sequence), timestamp: String(this.sequence * FRAME_MS), payload: bytesToBase64(frame) },
      streamSid: this.streamSid,
    });
  }

  private received(data: unknown) {
    if (typeof data !== "string") return;
    const message = JSON.parse(data) as { event?: string; mark?: { name: string }; media?: { payload?: string } };
    const now = Date.now();
    if (message.event === "media") {
      this.audioFrames++;
      this.lastAudioAt = now;
      this.unmarkedSince ??= this.lastAudioAt;
      // μ-law at 8 kHz: 8 bytes a millisecond, after what is still playing.
      this.playbackEndsAt = Math.max(this.playbackEndsAt, now) + atob(message.media?.payload ?? "").length / 8;
    } else if (message.event === "clear") {
      this.clears++;
      this.playbackEndsAt = now;
    } else if (message.event === "mark" && message.mark) {
      if (this.unmarkedSince !== null && !message.mark.name.startsWith(FILLER_MARK_PREFIX)) {
        this.answerMarks++;
        if (this.answerAudioAt < this.lineEndedAt) this.answerAudioAt = this.unmarkedSince;
      }
      this.unmarkedSince = null;
      const mark = { event: "mark", sequenceNumber: "0", streamSid: this.streamSid, mark: { name: message.mark.name } };
      setTimeout(() => this.send(mark), Math.max(0, this.playbackEndsAt - now));
    }
  }

  private send(message: object) {
    if (this.closed) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      this.stop();
    }
  }

  private stop() {
    this.closed = true;
    if (this.ticker) clearInterval(this.ticker);
  }
}

/** Twilio's status callback at the end of the call. */
export async function completed(options: SyntheticCallOptions, seconds: number): Promise<void> {
  await signedPost(options, "/twilio/voice/status", {
    AccountSid: options.accountSid,
    CallSid: options.callSid,
    CallStatus: "completed",
    CallDuration: String(seconds),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
