import { TURN_TAKING_DEFAULTS } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { sessionUpdate } from "../voice/realtime-session";
import { bridgeSession } from "./bridge-session";

const update = (input: Record<string, unknown> | undefined) =>
  JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: "Be brief.", ...(input ? { audio: { input } } : {}) } });
const detectionOf = (json: string) => (JSON.parse(json) as { session: { audio: { input: { turn_detection: unknown } } } }).session.audio.input.turn_detection;

describe("the model's session as the bridge opens it", () => {
  it("the control plane's session: its turn detection reports only, everything else as it was", () => {
    const planned = sessionUpdate({ model: "gpt-realtime", instructions: "Be brief.", voice: "marin", tools: [], turnTaking: TURN_TAKING_DEFAULTS });
    const opened = bridgeSession(JSON.stringify(planned));
    expect(JSON.parse(opened.json)).toEqual({
      ...planned,
      session: {
        ...planned.session,
        audio: {
          ...planned.session.audio,
          input: {
            ...planned.session.audio?.input,
            turn_detection: { type: "server_vad", silence_duration_ms: 500, create_response: false, interrupt_response: false },
          },
        },
      },
    });
    expect(opened.silenceWindowMs).toBe(500);
  });

  it.each([
    ["server VAD with its silence", { turn_detection: { type: "server_vad", silence_duration_ms: 700, create_response: true } }, 700],
    ["server VAD with the provider's silence", { turn_detection: { type: "server_vad" } }, 500],
    ["semantic VAD: no silence of its own", { turn_detection: { type: "semantic_vad", eagerness: "high", interrupt_response: true } }, 0],
    ["no turn detection named: the provider's server VAD", {}, 500],
    ["no audio settings at all", undefined, 500],
  ])("%s: never answers or interrupts by itself; %i ms taken off its end of speech", (_case, input, silence) => {
    const opened = bridgeSession(update(input));
    expect(detectionOf(opened.json)).toMatchObject({ create_response: false, interrupt_response: false });
    expect(opened.silenceWindowMs).toBe(silence);
  });

  it("leaves a session without turn detection, and one it cannot read, as they are", () => {
    const off = update({ turn_detection: null });
    expect(bridgeSession(off)).toEqual({ json: off, silenceWindowMs: 0 });
    expect(bridgeSession("{not json")).toEqual({ json: "{not json", silenceWindowMs: 0 });
  });
});
