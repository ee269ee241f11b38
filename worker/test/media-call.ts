/** A live call's media (MediaCall) in a test: a storage and a control plane of the test's making, the stream signed as Twilio signs it. */
import { PUBLIC_URL_POLICY, type UrlPolicy } from "@nikki/core";
import { streamSignatures } from "../src/call/twilio-signature";
import { hashToken } from "../src/call/stream-ticket";
import { SIMULATED } from "./simulators";
import { createLogger } from "../src/logger";
import { type MediaStorage, MediaCall } from "../src/media/call";
import type { ControlPlane } from "../src/media/control-client";
import type { CallEnd, MediaPlan } from "../src/call/plan";

/**
 * A call's media on a storage of the test's making, so it can refuse a write (the one failure a live Durable Object
 * will not produce on demand); everything else is the real bridge, against the OpenAI simulator.
 */
export function sessionWithStorage(
  sid: string,
  put: (entries: unknown) => Promise<void>,
  ends: CallEnd[] = [],
  urlPolicy: UrlPolicy = PUBLIC_URL_POLICY,
  tool: ControlPlane["tool"] = async () => ({ ok: true }),
) {
  const stored = new Map<string, unknown>();
  const storage = {
    get: async (key: string) => stored.get(key),
    put: async (key: string | Record<string, unknown>, value?: unknown) => {
      await put(key);
      for (const [name, entry] of typeof key === "string" ? [[key, value] as const] : Object.entries(key)) stored.set(name, entry);
    },
    deleteAll: async () => stored.clear(),
    setAlarm: async () => undefined,
  };
  const control: ControlPlane = { tool, ended: async (_sid, end) => void ends.push(end), realtime: async () => null };
  return { call: new MediaCall({ callSid: sid, storage: storage as unknown as MediaStorage, control, log: createLogger({}, "error"), urlPolicy }), stored };
}

/** Twilio's side of the stream, signed for the call as its plan expects. */
export async function openSigned(session: MediaCall, sid: string) {
  const signature = (await streamSignatures(SIMULATED.twilioAuthToken, `wss://nikki.test/twilio/stream/${sid}`))[0]!;
  const response = await session.fetch(
    new Request(`https://nikki.test/twilio/stream/${sid}`, { headers: { upgrade: "websocket", "x-twilio-signature": signature } }),
  );
  const socket = response.webSocket;
  if (!socket) throw new Error(`no websocket: ${response.status}`);
  socket.accept();
  const received: string[] = [];
  let closed: { code: number; reason: string } | null = null;
  socket.addEventListener("message", (event) => void received.push(String(event.data)));
  socket.addEventListener("close", (event) => {
    closed = { code: event.code, reason: event.reason };
  });
  return { socket, received, closed: () => closed };
}

export async function plan(sid: string, token: string): Promise<MediaPlan> {
  return {
    callId: crypto.randomUUID(),
    ticketHash: await hashToken(token),
    streamSignatures: await streamSignatures(SIMULATED.twilioAuthToken, `wss://nikki.test/twilio/stream/${sid}`),
    realtime: { url: `http://127.0.0.1:${SIMULATED.openaiPort}/v1/realtime?model=test`, apiKey: SIMULATED.openaiKey, model: "test", fromBusiness: false },
    sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: "You are a test." } }),
    openingLine: "Hello",
    goodbye: "Goodbye",
    fillers: ["One moment while I check that.", "Still checking…"],
    maxCallSeconds: 60,
  };
}
