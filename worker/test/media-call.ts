/** A live call's media (MediaCall) in a test: a storage and a control plane of the test's making, the stream signed as Twilio signs it. */
import { PUBLIC_URL_POLICY, type UrlPolicy } from "@nikki/core";
import { streamSignatures } from "@nikki/core/twilio-signature";
import { TICKET_TTL_MS, hashToken } from "../src/call/stream-ticket";
import { SIMULATED, SIMULATED_DOH_URL } from "./simulators";
import { createLogger } from "../src/logger";
import { MediaCall } from "../src/media/call";
import type { MediaStorage } from "../src/media/end-delivery";
import type { ControlPlane } from "../src/media/control-client";
import type { CallEnd, MediaPlan } from "../src/call/plan";

export interface MediaCallOptions {
  /** Each write to the storage passes here first (a test may refuse one). */
  put?: (entries: unknown) => Promise<void>;
  ends?: CallEnd[];
  urlPolicy?: UrlPolicy;
  /** The DoH resolver (default: the tests' simulator). */
  dohUrl?: string;
  tool?: ControlPlane["tool"];
  greetings?: Pick<KVNamespace, "get">;
}

/**
 * A call's media on a storage and a control plane of the test's making: `offer(plan)` is what the control plane hands
 * over when the stream asks (it hands it whatever the stream's signature, so the media plane's own check is tested);
 * everything else is the real bridge, against the OpenAI simulator.
 */
export function mediaCall(sid: string, options: MediaCallOptions = {}) {
  const stored = new Map<string, unknown>();
  const storage = {
    get: async (key: string) => stored.get(key),
    put: async (key: string | Record<string, unknown>, value?: unknown) => {
      await options.put?.(key);
      for (const [name, entry] of typeof key === "string" ? [[key, value] as const] : Object.entries(key)) stored.set(name, entry);
    },
    deleteAll: async () => stored.clear(),
    setAlarm: async () => undefined,
  };
  let offered: MediaPlan | null = null;
  const asked: string[] = [];
  const ends = options.ends ?? [];
  const control: ControlPlane = {
    plan: async () => offered,
    tool: options.tool ?? (async () => ({ ok: true })),
    ended: async (_sid, end) => void ends.push(end),
    realtime: async () => null,
    greetingMissing: async () => void asked.push("greeting"),
    live: async () => undefined,
    handOver: async () => void asked.push("hand_over"),
    listening: async () => [],
  };
  const call = new MediaCall({
    callSid: sid,
    storage: storage as unknown as MediaStorage,
    control,
    log: createLogger({}, "error"),
    urlPolicy: options.urlPolicy ?? PUBLIC_URL_POLICY,
    dohUrl: options.dohUrl ?? SIMULATED_DOH_URL,
    ...(options.greetings ? { greetings: options.greetings } : {}),
  });
  return { call, stored, asked, offer: (plan: MediaPlan) => void (offered = plan) };
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
    ticketExpiresAt: Date.now() + TICKET_TTL_MS,
    streamSignatures: await streamSignatures(SIMULATED.twilioAuthToken, `wss://nikki.test/twilio/stream/${sid}`),
    realtime: { url: `http://127.0.0.1:${SIMULATED.openaiPort}/v1/realtime?model=test`, apiKey: SIMULATED.openaiKey, model: "test", fromBusiness: false },
    sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: "You are a test." } }),
    openingLine: "Hello",
    goodbye: "Goodbye",
    fillers: ["One moment while I check that.", "Still checking…"],
    maxCallSeconds: 60,
  };
}
