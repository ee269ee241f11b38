import { createServer } from "node:net";
import { ulawToLinear } from "@nikki/core/mulaw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { saying } from "./caller-voice";
import { readTag } from "./frame-tag";
import { type OpenAiSimulator, startOpenAiSimulator } from "./openai";
import { SimulatedVad } from "./realtime-vad";
import { decodeText } from "./speech-codec";

/** A frame's level in dBFS (RMS), and how often it crosses zero (a share of its samples). */
function measure(frame: Uint8Array) {
  let sum = 0;
  let crossings = 0;
  for (let i = 0; i < frame.length; i++) {
    const value = ulawToLinear(frame[i]!);
    sum += value * value;
    if (i > 0 && Math.sign(value) !== Math.sign(ulawToLinear(frame[i - 1]!)) && value !== 0) crossings++;
  }
  return { dbfs: 10 * Math.log10(sum / frame.length / 32_768 ** 2 + 1e-12), crossingRate: crossings / frame.length };
}

const frames = (audio: Uint8Array) => Array.from({ length: Math.floor(audio.length / 160) }, (_, i) => audio.subarray(i * 160, i * 160 + 160));
/** Active speech on a phone line sits around -26 dBFS; the bridge takes -40 as the quietest a voiced frame may be. */
const speechLevel = (levels: number[]) => levels.filter((dbfs) => dbfs > -35).length / levels.length;

/** A port free on this machine (the simulator listens on the port it is given). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe("the simulated Realtime session's voice", () => {
  let simulator: OpenAiSimulator;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    simulator = await startOpenAiSimulator({ port, apiKey: "sk-voice", replyFrames: 50 });
  });
  afterAll(() => simulator.close());

  it("speaks its answers at a speaking level, each frame still carrying its benchmark tag", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/realtime?model=gpt-realtime`, { headers: { authorization: "Bearer sk-voice" } });
    const deltas: Uint8Array[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.on("message", (raw) => {
        const event = JSON.parse(String(raw)) as { type: string; delta?: string };
        if (event.type === "session.created") socket.send(JSON.stringify({ type: "response.create", response: { instructions: "Say hello." } }));
        if (event.type === "response.output_audio.delta") deltas.push(Buffer.from(event.delta!, "base64"));
        if (event.type === "response.done") resolve();
      });
    });
    socket.close();
    expect(deltas).toHaveLength(50);
    expect(deltas.every((frame) => readTag(frame) !== null)).toBe(true);
    const levels = deltas.map((frame) => measure(frame).dbfs);
    // Syllables with short dips between them: most frames are speech, none is clipped, and the whole is speech-loud.
    expect(speechLevel(levels)).toBeGreaterThan(0.7);
    expect(Math.max(...levels)).toBeLessThan(-10);
    expect(Math.max(...levels)).toBeGreaterThan(-24);
    // A voiced sound, not a hiss; and nothing in it reads as words the simulated recogniser would hear.
    expect(Math.max(...deltas.map((frame) => measure(frame).crossingRate))).toBeLessThan(0.45);
    expect(decodeText(Buffer.concat(deltas))).toBeNull();
  });
});

describe("a simulated caller's turn", () => {
  const line = "Hi, this is Ada Lovelace. Can I book a cleaning for tomorrow morning?";

  it("is the words the recogniser reads, then the caller talking at a speaking level for as long as the line takes", () => {
    const audio = saying(line);
    expect(decodeText(audio)).toBe(line);
    // Long enough to hear and to talk over Nikki with, and no line keeps a scenario waiting more than 1.5 s.
    expect(audio.length / 8).toBeGreaterThanOrEqual(1_000);
    expect(audio.length / 8).toBeLessThanOrEqual(1_500);
    expect(saying("Yes.").length / 8).toBeGreaterThanOrEqual(500);
    const levels = frames(audio)
      .slice(1)
      .map((frame) => measure(frame).dbfs);
    expect(speechLevel(levels)).toBeGreaterThan(0.7);
  });

  it("is one turn to voice detection: its dips between syllables are shorter than the shortest pause that ends a turn", () => {
    // 200 ms of silence ends a turn at the shortest an agent may set (core/src/turn-taking.ts).
    const vad = new SimulatedVad(() => 10);
    const silence = new Uint8Array(160 * 40).fill(0xff);
    const events = frames(Buffer.concat([saying(line), silence])).flatMap((frame) => vad.append(Buffer.from(frame), null) ?? []);
    expect(events.map((event) => event.kind)).toEqual(["started", "stopped"]);
    expect(events[1]!.kind === "stopped" && decodeText(events[1]!.audio)).toBe(line);
  });
});
