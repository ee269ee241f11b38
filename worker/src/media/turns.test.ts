import { TURN_TAKING_DEFAULTS } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { concat, noise, payloads, silence, voiced } from "../call/fixtures/line-audio";
import { DEFAULT_INTERRUPTION_MIN_MS } from "../call/interruption-guard";
import type { CallEnd } from "../call/plan";
import { mintToken } from "../call/stream-ticket";
import { sessionUpdate } from "../voice/realtime-session";
import { mediaCall, openSigned, plan } from "../../test/media-call";
import { SIMULATED } from "../../test/simulators";
import { callSid, mediaMessage, startMessage, until } from "../../test/twilio";

/**
 * The false-interruption guard through the media plane and the OpenAI simulator (issue 55 §2): the greeting rendered
 * ahead (3 s) plays while the caller coughs, or talks over it; Twilio's side sends the caller's audio in real time.
 */
const LINE = "Thanks for calling Harbor Dental, this is Tess. How can I help?";
const GREETING = payloads(concat(silence(100), voiced(2_800, -16, 220), silence(100))).join("");

type Received = { type: string; [key: string]: unknown }[];

async function callWith(caller: string[]) {
  const sid = callSid();
  const token = mintToken();
  const ends: CallEnd[] = [];
  const { call, offer } = mediaCall(sid, { ends, greetings: { get: async () => GREETING } as unknown as Pick<KVNamespace, "get"> });
  const marker = crypto.randomUUID();
  offer({
    ...(await plan(sid, token)),
    openingLine: LINE,
    greetingKey: "greeting:harbor",
    sessionUpdate: JSON.stringify(sessionUpdate({ model: "test", instructions: marker, voice: "marin", tools: [], turnTaking: TURN_TAKING_DEFAULTS })),
  });
  const received = async () =>
    ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as Received[]).find((session) =>
      JSON.stringify(session).includes(marker),
    ) ?? [];
  const stream = await openSigned(call, sid);
  stream.socket.send(startMessage(sid, { callId: "call", token }));
  // The model has the greeting (told at its start): its session is ready, and its voice activity detection hears the caller.
  await until(async () => (await received()).some((event) => event.type === "conversation.item.create"));
  // Twilio's frames, at its pace; `sentMs` is its clock when each message from the bridge came.
  const heard: { at: number; message: { event: string } }[] = [];
  let sentMs = 0;
  stream.socket.addEventListener("message", (event) => heard.push({ at: sentMs, message: JSON.parse(String(event.data)) as { event: string } }));
  for (const [index, payload] of caller.entries()) {
    sentMs = index * 20;
    stream.socket.send(mediaMessage(sid, sentMs, payload));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stream.socket.send(JSON.stringify({ event: "stop", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
  await until(() => ends.length === 1);
  // What the model sent back (no audio), from its session's life.
  const lives = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-lifecycles`)).json()) as { instructions: string; sent: string[] }[];
  return { end: ends[0]!, heard, model: await received(), said: lives.find((life) => life.instructions === marker)?.sent ?? [] };
}

describe("a cough and an interruption, through the media plane and the OpenAI simulator", { timeout: 30_000 }, () => {
  it("a 150 ms cough over the greeting: it plays whole, and the model is neither cut off nor asked to answer", async () => {
    const { end, heard, model, said } = await callWith(payloads(concat(silence(500), noise(150, -20, 7), silence(1_100))));
    // The session the bridge opened reports the caller's speech and decides nothing.
    expect(model.find((event) => event.type === "session.update")).toMatchObject({
      session: { audio: { input: { turn_detection: { type: "server_vad", create_response: false, interrupt_response: false } } } },
    });
    // The model heard it, and its recogniser no words in it.
    expect(said).toEqual(expect.arrayContaining(["input_audio_buffer.speech_started", "input_audio_buffer.speech_stopped"]));
    expect(heard.filter((entry) => entry.message.event === "clear")).toEqual([]);
    expect(model.map((event) => event.type)).not.toContain("response.create");
    expect(model.map((event) => event.type)).toContain("conversation.item.delete");
    expect(end.transcript[0]).toMatchObject({ role: "assistant", content: LINE });
    expect(end.metrics).toMatchObject({ barge_ins: 0, turns: [] });
  });

  it("the caller talking over the greeting for 2 s: cut once they have spoken the minimum, then answered", async () => {
    const { end, heard, model } = await callWith(payloads(concat(silence(500), voiced(2_000, -20), silence(900))));
    const clear = heard.find((entry) => entry.message.event === "clear");
    // Twilio is cleared within the minimum, and the few frames it takes the model's word to come back, of the caller's start.
    expect(clear!.at - 500).toBeGreaterThanOrEqual(DEFAULT_INTERRUPTION_MIN_MS - 40);
    expect(clear!.at - 500).toBeLessThanOrEqual(DEFAULT_INTERRUPTION_MIN_MS + 200);
    expect(heard.filter((entry) => entry.message.event === "clear")).toHaveLength(1);
    // The greeting was cut where it was heard, then the caller's turn answered.
    expect(end.transcript[0]!.content).not.toBe(LINE);
    expect(LINE.startsWith(end.transcript[0]!.content)).toBe(true);
    expect(end.transcript.some((entry) => entry.role === "user")).toBe(true);
    expect(model.some((event) => event.type === "response.create")).toBe(true);
    expect(end.metrics).toMatchObject({ barge_ins: 1 });
    // The answer's time, from the end of the caller's speech (placed by the model's offsets) to its first frame out.
    expect(end.metrics!.turns[0]!.voice_to_voice_ms).toBeGreaterThan(0);
    expect(end.metrics!.turns[0]!.at_ms).toBeGreaterThanOrEqual(2_400);
  });
});
