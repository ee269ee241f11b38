import { describe, expect, it } from "vitest";
import { twilio } from "./fixtures/frames";
import { BridgeProtocol } from "./protocol";

const transcribed = (fields: Record<string, unknown>) =>
  JSON.stringify({ type: "conversation.item.input_audio_transcription.completed", event_id: "e1", item_id: "i1", content_index: 0, ...fields });

describe("the caller's turn, with the language the recogniser heard (issue 37 §4)", () => {
  it("carries the recogniser's language code when the event has one, and nothing when it has none or garbage", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "" });
    bridge.onTwilio(twilio.start, 0);
    expect(bridge.onOpenAI(transcribed({ transcript: " Hola, quiero una cita ", languages: [{ code: "es" }] }), 500)).toEqual([
      { kind: "transcript", role: "user", text: "Hola, quiero una cita", atMs: 500, language: "es" },
    ]);
    expect(bridge.onOpenAI(transcribed({ transcript: "Hi there" }), 600)).toEqual([{ kind: "transcript", role: "user", text: "Hi there", atMs: 600 }]);
    expect(bridge.onOpenAI(transcribed({ transcript: "Hi", languages: [{ code: 7 }, "x"] }), 700)).toEqual([
      { kind: "transcript", role: "user", text: "Hi", atMs: 700 },
    ]);
    expect(bridge.onOpenAI(transcribed({ transcript: "Hi", languages: "es" }), 800)).toEqual([{ kind: "transcript", role: "user", text: "Hi", atMs: 800 }]);
  });
});
