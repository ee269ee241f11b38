import { freePort } from "@nikki/dev/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { SIMULATED_CREDENTIALS } from "./credentials";
import { type OpenAiSimulator, startOpenAiSimulator } from "./openai";

/**
 * The OpenAI simulator's Realtime session takes a `session.update`'s turn detection and noise reduction as the API
 * does: it answers the effective configuration, refuses what the API refuses with the API's own error event, and
 * ends the caller's turn after the configured silence.
 */
let simulator: OpenAiSimulator;

beforeAll(async () => {
  simulator = await startOpenAiSimulator({ port: await freePort(), apiKey: SIMULATED_CREDENTIALS.openaiKey });
});
afterAll(() => simulator.close());

type ServerEvent = { type: string; [key: string]: unknown };

/** A Realtime session on the simulator: what it sent so far, and a wait for the next event of a type. */
async function session() {
  const socket = new WebSocket(`${simulator.baseUrl.replace(/^http/, "ws")}/realtime?model=gpt-realtime`, {
    headers: { authorization: `Bearer ${SIMULATED_CREDENTIALS.openaiKey}` },
  });
  const events: ServerEvent[] = [];
  socket.on("message", (data) => events.push(JSON.parse(String(data)) as ServerEvent));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const next = async (type: string, after = events.length) => {
    for (let waited = 0; waited < 5_000; waited += 10) {
      const found = events.slice(after).find((event) => event.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} in ${JSON.stringify(events.map((event) => event.type))}`);
  };
  const update = (input: Record<string, unknown>) => {
    const after = events.length;
    socket.send(JSON.stringify({ type: "session.update", event_id: "evt_client_1", session: { type: "realtime", audio: { input } } }));
    return Promise.race([next("session.updated", after), next("error", after)]);
  };
  return { socket, events, next, update };
}

const sessions: Awaited<ReturnType<typeof session>>[] = [];
afterAll(() => {
  for (const { socket } of sessions) socket.close();
});
const opened = async () => {
  const opening = await session();
  sessions.push(opening);
  return opening;
};

describe("a session.update's turn detection and noise reduction", () => {
  it("answers the effective configuration: the provider's defaults under what was sent", async () => {
    const { update } = await opened();
    const updated = await update({ turn_detection: { type: "server_vad", silence_duration_ms: 800 }, noise_reduction: { type: "far_field" } });
    expect(updated).toMatchObject({
      type: "session.updated",
      session: {
        audio: {
          input: {
            noise_reduction: { type: "far_field" },
            turn_detection: {
              type: "server_vad",
              silence_duration_ms: 800,
              threshold: 0.5,
              prefix_padding_ms: 300,
              create_response: true,
              interrupt_response: true,
            },
          },
        },
      },
    });
    const semantic = await update({ turn_detection: { type: "semantic_vad", eagerness: "low" } });
    expect(semantic).toMatchObject({ session: { audio: { input: { turn_detection: { type: "semantic_vad", eagerness: "low", create_response: true } } } } });
  });

  const INPUT = "session.audio.input";
  it.each([
    [
      { turn_detection: { type: "push_to_talk" } },
      "invalid_value",
      `${INPUT}.turn_detection.type`,
      "Invalid value: 'push_to_talk'. Supported values are: 'server_vad' and 'semantic_vad'.",
    ],
    [
      { turn_detection: { silence_duration_ms: 500 } },
      "missing_required_parameter",
      `${INPUT}.turn_detection.type`,
      `Missing required parameter: '${INPUT}.turn_detection.type'.`,
    ],
    [
      { turn_detection: { type: "semantic_vad", eagerness: "eager" } },
      "invalid_value",
      `${INPUT}.turn_detection.eagerness`,
      "Invalid value: 'eager'. Supported values are: 'low', 'medium', 'high', and 'auto'.",
    ],
    [
      { turn_detection: { type: "semantic_vad", silence_duration_ms: 500 } },
      "unknown_parameter",
      `${INPUT}.turn_detection.silence_duration_ms`,
      `Unknown parameter: '${INPUT}.turn_detection.silence_duration_ms'.`,
    ],
    [
      { turn_detection: { type: "server_vad", eagerness: "high" } },
      "unknown_parameter",
      `${INPUT}.turn_detection.eagerness`,
      `Unknown parameter: '${INPUT}.turn_detection.eagerness'.`,
    ],
    [
      { turn_detection: { type: "server_vad", threshold: 1.5 } },
      "decimal_above_max_value",
      `${INPUT}.turn_detection.threshold`,
      `Invalid '${INPUT}.turn_detection.threshold': decimal above maximum value. Expected a value <= 1, but got 1.5 instead.`,
    ],
    [
      { turn_detection: { type: "server_vad", silence_duration_ms: -1 } },
      "integer_below_min_value",
      `${INPUT}.turn_detection.silence_duration_ms`,
      `Invalid '${INPUT}.turn_detection.silence_duration_ms': integer below minimum value. Expected a value >= 0, but got -1 instead.`,
    ],
    [
      { turn_detection: { type: "server_vad", silence_duration_ms: 500.5 } },
      "invalid_type",
      `${INPUT}.turn_detection.silence_duration_ms`,
      `Invalid type for '${INPUT}.turn_detection.silence_duration_ms': expected an integer, but got a decimal number instead.`,
    ],
    [
      { turn_detection: { type: "server_vad", idle_timeout_ms: 60_000 } },
      "integer_above_max_value",
      `${INPUT}.turn_detection.idle_timeout_ms`,
      `Invalid '${INPUT}.turn_detection.idle_timeout_ms': integer above maximum value. Expected a value <= 30000, but got 60000 instead.`,
    ],
    [
      { noise_reduction: { type: "studio" } },
      "invalid_value",
      `${INPUT}.noise_reduction.type`,
      "Invalid value: 'studio'. Supported values are: 'near_field' and 'far_field'.",
    ],
  ])("refuses %j as the API does (%s)", async (input, code, param, message) => {
    const { update } = await opened();
    // The session as it was before: a refused update changes nothing.
    await update({ turn_detection: { type: "server_vad", silence_duration_ms: 700 } });
    expect(await update(input)).toMatchObject({ type: "error", error: { type: "invalid_request_error", code, param, message, event_id: "evt_client_1" } });
    expect(await update({})).toMatchObject({ session: { audio: { input: { turn_detection: { type: "server_vad", silence_duration_ms: 700 } } } } });
  });

  it("takes noise reduction off (null) and ends the caller's turn after the configured silence", async () => {
    const { socket, events, next, update } = await opened();
    expect(await update({ noise_reduction: null, turn_detection: { type: "server_vad", silence_duration_ms: 1_000 } })).toMatchObject({
      type: "session.updated",
    });
    const frame = (loud: boolean) =>
      socket.send(JSON.stringify({ type: "input_audio_buffer.append", audio: Buffer.alloc(160, loud ? 0x00 : 0xff).toString("base64") }));
    for (let i = 0; i < 10; i++) frame(true);
    await next("input_audio_buffer.speech_started");
    // 600 ms of silence: the default's turn would have ended (500 ms); this session's has not.
    for (let i = 0; i < 30; i++) frame(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.some((event) => event.type === "input_audio_buffer.speech_stopped")).toBe(false);
    for (let i = 0; i < 20; i++) frame(false);
    await next("input_audio_buffer.speech_stopped");
  });
});
