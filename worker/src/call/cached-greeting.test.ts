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
  const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "Say goodbye.", openingLine: LINE, interruptionMinMs: 0 });
  bridge.onTwilio(twilio.start, now);
  return bridge;
};
const toTwilio = (actions: BridgeAction[]) =>
  actions.flatMap((a) => (a.kind === "twilio" ? [a.message] : a.kind === "twilio_json" ? [JSON.parse(a.json) as TwilioOutbound] : []));
const toOpenAI = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "openai" ? [a.event] : []));

const said = (text: string): Extract<RealtimeClientEvent, { type: "conversation.item.create" }>["item"] => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
/** 120 of its 240 ms, every frame of it voice: half its words. */
const HALF = "This call may be recorded. Thanks for calling";

describe("the greeting rendered ahead", () => {
  it("goes to Twilio whole and in order, marked at its end, and the model is told it was said; played out, it is the transcript's first entry", () => {
    const bridge = started(1_000);
    const actions = bridge.playGreeting(FRAMES.join(""), 1_004);
    const sent = toTwilio(actions);
    expect(sent.filter((m) => m.event === "media").map((m) => (m.event === "media" ? m.media.payload : ""))).toEqual(FRAMES);
    // Its twelve frames, then one mark at the greeting's end (what the caller heard is read from Twilio's timestamps).
    expect(sent.map((m) => m.event).join(",")).toBe(`${"media,".repeat(12)}mark`);
    expect(toOpenAI(actions)).toEqual([{ type: "conversation.item.create", item: said(LINE) }] satisfies RealtimeClientEvent[]);
    // Nothing asks the model to speak: the turn is the caller's, then the model's.
    expect(toOpenAI(actions).some((event) => event.type === "response.create")).toBe(false);
    // How much of it the caller hears is known once it is over: nothing is written yet.
    expect(actions.some((a) => a.kind === "transcript")).toBe(false);
    expect(bridge.metrics.summary().greeting_ms).toBe(4);
    expect(bridge.onOpenAI(openai.itemAdded("item_g", LINE), 1_010)).toEqual([]);
    const mark = sent.at(-1)!;
    // Written at the time it began, not when it ended; nothing more to tell the model.
    expect(bridge.onTwilio(twilio.mark(mark.event === "mark" ? mark.mark.name : ""), 1_300)).toEqual([
      { kind: "transcript", role: "assistant", text: LINE, atMs: 4 },
    ]);
    // Once.
    expect(bridge.onOpenAI(openai.speechStarted, 2_000).filter((a) => a.kind !== "twilio")).toEqual([]);
    expect(bridge.onTwilio(twilio.stop, 3_000)).toEqual([{ kind: "end", reason: "twilio_stop" }]);
  });

  it("is cleared by the caller's barge-in as the model's audio is, and cut as its audio is truncated: to the words heard", () => {
    const bridge = started();
    bridge.modelReady();
    bridge.playGreeting(FRAMES.join(""), 2);
    bridge.onOpenAI(openai.itemAdded("item_g", LINE), 5);
    bridge.onTwilio(twilio.media(120), 122);
    expect(bridge.onOpenAI(openai.speechStarted, 125)).toEqual([
      { kind: "twilio", message: { event: "clear", streamSid: STREAM } },
      { kind: "transcript", role: "assistant", text: HALF, atMs: 2 },
      // The words heard take the item's place in the model's conversation, and the item goes.
      { kind: "openai", event: { type: "conversation.item.create", previous_item_id: "item_g", item: said(HALF) } },
      { kind: "openai", event: { type: "conversation.item.delete", item_id: "item_g" } },
    ]);
    expect(bridge.metrics.summary().barge_ins).toBe(1);
    // The words heard, added in turn, are no greeting to cut again.
    expect(bridge.onOpenAI(openai.itemAdded("item_h", HALF), 130)).toEqual([]);
    // The model's own answer after it is truncated as ever.
    bridge.onOpenAI(openai.audioDelta("item_b"), 900);
    expect(toOpenAI(bridge.onOpenAI(openai.speechStarted, 1_000))).toEqual([
      { type: "conversation.item.truncate", item_id: "item_b", content_index: 0, audio_end_ms: 0 },
    ]);
  });

  it("cut before the model named its item: the item is cut once it is named", () => {
    const bridge = started();
    bridge.playGreeting(FRAMES.join(""), 0);
    bridge.onTwilio(twilio.media(120), 120);
    expect(bridge.onOpenAI(openai.speechStarted, 125)).toEqual([
      { kind: "twilio", message: { event: "clear", streamSid: STREAM } },
      { kind: "transcript", role: "assistant", text: HALF, atMs: 0 },
    ]);
    expect(toOpenAI(bridge.onOpenAI(openai.itemAdded("item_g", LINE), 400))).toEqual([
      { type: "conversation.item.create", previous_item_id: "item_g", item: said(HALF) },
      { type: "conversation.item.delete", item_id: "item_g" },
    ]);
  });

  it("cut before any of it was heard: neither written, nor left in the model's conversation", () => {
    const bridge = started();
    bridge.modelReady();
    bridge.playGreeting(FRAMES.join(""), 0);
    bridge.onOpenAI(openai.itemAdded("item_g", LINE), 5);
    expect(bridge.onOpenAI(openai.speechStarted, 10)).toEqual([
      { kind: "twilio", message: { event: "clear", streamSid: STREAM } },
      { kind: "openai", event: { type: "conversation.item.delete", item_id: "item_g" } },
    ]);
    expect(bridge.onTwilio(twilio.stop, 500)).toEqual([{ kind: "end", reason: "twilio_stop" }]);
  });

  it("is written whole when the call ends during it, as the greeting the model says is", () => {
    const bridge = started();
    bridge.playGreeting(FRAMES.join(""), 0);
    bridge.onTwilio(twilio.media(60), 60);
    expect(bridge.onTwilio(twilio.stop, 70)).toEqual([
      { kind: "transcript", role: "assistant", text: LINE, atMs: 0 },
      { kind: "end", reason: "twilio_stop" },
    ]);
  });

  it("is over once the model's next audio follows it: written whole, before that answer", () => {
    const bridge = started();
    bridge.modelReady();
    bridge.playGreeting(FRAMES.join(""), 0);
    const actions = bridge.onOpenAI(openai.audioDelta("item_b"), 50);
    expect(actions.map((a) => a.kind)).toEqual(["transcript", "twilio_json"]);
    expect(actions[0]).toMatchObject({ text: LINE });
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
