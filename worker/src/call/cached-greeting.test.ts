import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { describe, expect, it } from "vitest";
import { CHUNK_20MS, openai, twilio } from "./fixtures/frames";
import { type BridgeAction, BridgeProtocol, type TwilioOutbound } from "./protocol";

/** Issue 38 §1: the greeting rendered ahead, played by the protocol at the stream's start. */
const STREAM = "MZ11111111111111111111111111111111";
const LINE = "This call may be recorded. Thanks for calling Harbor Dental, this is Tess. How can I help?";
/** Twelve frames, each a different byte, so their order shows. */
const FRAMES = Array.from({ length: 12 }, (_, i) => btoa(String.fromCharCode(...new Uint8Array(160).fill(0x10 + i))));

const started = (now = 0) => {
  const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "Say goodbye.", openingLine: LINE });
  bridge.onTwilio(twilio.start, now);
  return bridge;
};
const toTwilio = (actions: BridgeAction[]) =>
  actions.flatMap((a) => (a.kind === "twilio" ? [a.message] : a.kind === "twilio_json" ? [JSON.parse(a.json) as TwilioOutbound] : []));
const toOpenAI = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "openai" ? [a.event] : []));

describe("the greeting rendered ahead", () => {
  it("goes to Twilio whole and in order, marked at its end, then the transcript and the model's assistant item", () => {
    const bridge = started(1_000);
    const actions = bridge.playGreeting(FRAMES.join(""), 1_004);
    const sent = toTwilio(actions);
    expect(sent.filter((m) => m.event === "media").map((m) => (m.event === "media" ? m.media.payload : ""))).toEqual(FRAMES);
    // Its twelve frames, then one mark at the greeting's end (what the caller heard is read from Twilio's timestamps).
    expect(sent.map((m) => m.event).join(",")).toBe(`${"media,".repeat(12)}mark`);
    expect(actions.find((a) => a.kind === "transcript")).toEqual({ kind: "transcript", role: "assistant", text: LINE, atMs: 4 });
    expect(toOpenAI(actions)).toEqual([
      { type: "conversation.item.create", item: { type: "message", role: "assistant", content: [{ type: "output_text", text: LINE }] } },
    ] satisfies RealtimeClientEvent[]);
    // Nothing asks the model to speak: the turn is the caller's, then the model's.
    expect(toOpenAI(actions).some((event) => event.type === "response.create")).toBe(false);
    expect(bridge.metrics.summary().greeting_ms).toBe(4);
  });

  it("is cleared by the caller's barge-in as the model's audio is, with nothing to truncate in the model's conversation", () => {
    const bridge = started();
    bridge.playGreeting(FRAMES.join(""), 2);
    const actions = bridge.onOpenAI(openai.speechStarted, 300);
    expect(toTwilio(actions)).toEqual([{ event: "clear", streamSid: STREAM }]);
    expect(toOpenAI(actions)).toEqual([]);
    expect(bridge.metrics.summary().barge_ins).toBe(1);
    // The model's own answer after it is truncated as ever.
    bridge.onOpenAI(openai.audioDelta("item_b"), 900);
    expect(toOpenAI(bridge.onOpenAI(openai.speechStarted, 1_000))).toEqual([
      { type: "conversation.item.truncate", item_id: "item_b", content_index: 0, audio_end_ms: 0 },
    ]);
  });

  it("counts as the greeting for screening: a caller silent 10 s after its last mark played is ended", () => {
    const bridge = started();
    const marks = toTwilio(bridge.playGreeting(FRAMES.join(""), 0)).flatMap((m) => (m.event === "mark" ? [m.mark.name] : []));
    for (const name of marks) bridge.onTwilio(twilio.mark(name), 240);
    expect(bridge.onTick(10_000)).toEqual([]);
    expect(toOpenAI(bridge.onTick(10_300)).map((event) => event.type)).toEqual(["response.create"]);
  });

  it("plays nothing before the stream has started", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "", openingLine: LINE });
    expect(bridge.playGreeting(CHUNK_20MS, 0)).toEqual([]);
  });
});
