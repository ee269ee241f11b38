import { callCostMicroUsd } from "@nikki/core";
import { SELF, env } from "cloudflare:test";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { BASE } from "./post-json";

/** A webhook as Twilio sends it: form-encoded and signed with the account's auth token over the public URL. */
export async function twilioPost(path: string, params: Record<string, string>, options: { signature?: string } = {}) {
  const signature = options.signature ?? (await computeTwilioSignature(env.TWILIO_AUTH_TOKEN!, `${BASE}${path}`, params));
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params),
  });
}

/** An inbound call ringing `to` from `from`, as Twilio's voice webhook announces it. */
export function ringInbound(sid: string, to: string, from: string) {
  return twilioPost("/twilio/voice/inbound", {
    CallSid: sid,
    AccountSid: env.TWILIO_ACCOUNT_SID!,
    From: from,
    To: to,
    Direction: "inbound",
    CallStatus: "ringing",
  });
}

export function callSid() {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `CA${hex}`;
}

/** A caller of their own per call: one number ringing more than 5 times in 10 minutes is a robocall (issue 37 §5). */
export const anyCaller = () => `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/** Opens the media stream as Twilio does: a signed websocket handshake (`segment` 2: the agent again after a transfer). */
export async function openStream(sid: string, segment = 1, authToken = env.TWILIO_AUTH_TOKEN!) {
  const path = `/twilio/stream/${sid}${segment > 1 ? `/${segment}` : ""}`;
  const signature = await computeTwilioSignature(authToken, `wss://nikki.test${path}`, {});
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { upgrade: "websocket", "x-twilio-signature": signature } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no websocket: ${response.status}`);
  socket.accept();
  const received: Record<string, unknown>[] = [];
  let closed: { code: number; reason: string } | null = null;
  socket.addEventListener("message", (event) => void received.push(JSON.parse(String(event.data)) as Record<string, unknown>));
  socket.addEventListener("close", (event) => {
    closed = { code: event.code, reason: event.reason };
  });
  return { socket, received, closed: () => closed };
}

const frame = (byte: number) => btoa(String.fromCharCode(...new Uint8Array(160).fill(byte)));
/** 20 ms of loud μ-law (speech energy) and of silence. */
export const LOUD = frame(0x00);
export const SILENT = frame(0xff);

/** The stream's URL and its `<Parameter>`s (the call's id, its one-time ticket) from the TwiML that connects it. */
export function streamParameters(twiml: string) {
  const url = /<Stream url="([^"]+)"/.exec(twiml)?.[1];
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(twiml)?.[1];
  const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)?.[1];
  return { url, callId: callId!, token: token! };
}

export function startMessage(sid: string, parameters: Record<string, string>) {
  return JSON.stringify({
    event: "start",
    sequenceNumber: "1",
    start: {
      accountSid: env.TWILIO_ACCOUNT_SID,
      streamSid: `MZ${sid.slice(2)}`,
      callSid: sid,
      tracks: ["inbound"],
      customParameters: parameters,
      mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
    },
    streamSid: `MZ${sid.slice(2)}`,
  });
}

export function mediaMessage(sid: string, timestamp: number, payload: string) {
  return JSON.stringify({
    event: "media",
    sequenceNumber: String(timestamp),
    media: { track: "inbound", chunk: String(timestamp), timestamp: String(timestamp), payload },
    streamSid: `MZ${sid.slice(2)}`,
  });
}

export async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The call's processing once it is no longer pending. */
export const settledProcessing = (sid: string) =>
  until(() =>
    env.DB.prepare("select status, processing_status, processing_error, cost_micro_usd from calls where call_sid = ? and processing_status != 'pending'")
      .bind(sid)
      .first(),
  );

/**
 * How a call the AI never took is recorded: abandoned (Twilio saw it through), nothing to analyse (never "Processing..."
 * for good), its telephony alone to pay.
 */
export const neverTaken = (seconds: number) => ({
  status: "abandoned",
  processing_status: "failed",
  processing_error: "No transcript available to reprocess.",
  cost_micro_usd: callCostMicroUsd(seconds, false),
});
