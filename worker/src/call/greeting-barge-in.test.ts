import { describe, expect, it } from "vitest";
import { CALLER_SPEECH_MS } from "./caller-speech";
import { click, concat, mix, noise, payloads, silence, voiced } from "./fixtures/line-audio";
import { openai, twilio } from "./fixtures/frames";
import { RECORDED_CALLER } from "./fixtures/recorded-caller";
import { heardWords } from "./greeting-heard";
import { type BridgeAction, BridgeProtocol } from "./protocol";

/**
 * A caller talking over the greeting rendered ahead while the model's session is still opening: the bridge hears them
 * itself (caller-speech.ts) and cuts the greeting as a barge-in does, until the model is ready (modelReady()).
 */
const STREAM = "MZ11111111111111111111111111111111";
const LINE = "This call may be recorded. Thanks for calling Harbor Dental, this is Tess. How can I help?";
/** The render: 200 ms of silence, 2.6 s of voice at -16 dBFS, 200 ms of silence (150 frames). */
const RENDER = payloads(concat(silence(200), voiced(2_600, -16, 220), silence(200))).join("");
const RENDER_MS = 3_000;
/** What comes back up the line while it plays: its echo 28 dB down, 60 ms late, over the line's noise. */
const echo = (ms: number) => mix(noise(ms, -62, 21), concat(silence(200), voiced(2_600, -16, 220)), { delayMs: 60, gainDb: -28 }).slice(0, ms * 8);

/** A stream started at 0 with the greeting rendered ahead sent at once; `ready`: the model's session is open already. */
function greeted(ready = false) {
  const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "Say goodbye.", openingLine: LINE, interruptionMinMs: 0 });
  bridge.onTwilio(twilio.start, 0);
  if (ready) bridge.modelReady();
  const greeting = bridge.playGreeting(RENDER, 0);
  const mark = greeting.flatMap((a) => (a.kind === "twilio" && a.message.event === "mark" ? [a.message.mark.name] : []))[0]!;
  return { bridge, mark };
}

/** The caller's frames as Twilio sends them, each at its timestamp (from `fromMs`), and the bridge's actions for each. */
function inbound(bridge: BridgeProtocol, frames: readonly string[], fromMs = 0) {
  return frames.map((payload, i) => ({ at: fromMs + i * 20, actions: bridge.onTwilio(twilio.media(fromMs + i * 20, payload), fromMs + i * 20) }));
}

const clears = (actions: BridgeAction[]) => actions.filter((a) => a.kind === "twilio" && a.message.event === "clear").length;
/** What the model is told of the greeting: "<item> < words" for words put after an item, "- <item>" for an item deleted. */
function told(actions: BridgeAction[]): string[] {
  return actions.flatMap((a) => {
    if (a.kind !== "openai") return [];
    const event = a.event;
    if (event.type === "conversation.item.delete") return [`- ${event.item_id}`];
    if (event.type !== "conversation.item.create" || event.item.type !== "message") return [];
    return event.item.content.flatMap((part) => ("text" in part && part.text ? [`${event.previous_item_id} < ${part.text}`] : []));
  });
}
const written = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "transcript" ? [a.text] : []));

describe("a caller over the greeting rendered ahead, before the model is ready", () => {
  it.each([
    ["a caller's voice over the greeting's echo", payloads(mix(echo(RENDER_MS), concat(silence(700), voiced(1_500, -26, 130)))), 700],
    // Its voice is loud enough from its third frame (-37 dBFS).
    ["recorded speech on a quiet line", [...payloads(noise(400, -60, 22)), ...RECORDED_CALLER], 400 + 40],
  ])("%s: cleared within the detector's minimum duration; written and told the words heard; the audio still goes on", (_case, frames, speechAt) => {
    const { bridge } = greeted();
    const heard = inbound(bridge, frames);
    const cut = heard.find((frame) => clears(frame.actions) > 0)!;
    expect(cut.at + 20 - speechAt).toBeGreaterThanOrEqual(CALLER_SPEECH_MS);
    expect(cut.at + 20 - speechAt).toBeLessThanOrEqual(CALLER_SPEECH_MS + 60);
    // Clear first, then the words heard to the transcript, then the caller's frame to the model.
    expect(cut.actions.map((a) => a.kind)).toEqual(["twilio", "transcript", "openai_json"]);
    const words = heardWords(LINE, RENDER, cut.at);
    expect(words).not.toBe("");
    expect(LINE.startsWith(words) && words !== LINE).toBe(true);
    expect(written(cut.actions)).toEqual([words]);
    expect(cut.actions.find((a) => a.kind === "transcript")).toMatchObject({ atMs: 0 });
    expect(heard.every((frame) => frame.actions.at(-1)?.kind === "openai_json")).toBe(true);
    expect(heard.reduce((n, frame) => n + clears(frame.actions), 0)).toBe(1);
    expect(bridge.metrics.summary().barge_ins).toBe(1);
    // The model, ready, names the item it was told at the start: it is cut to the words heard. It hears the queued
    // speech: no second clear, nothing written or told again.
    bridge.modelReady();
    expect(told(bridge.onOpenAI(openai.itemAdded("item_g", LINE), 1_150))).toEqual([`item_g < ${words}`, "- item_g"]);
    expect(bridge.onOpenAI(openai.speechStarted, 1_200)).toEqual([]);
    expect(bridge.onTwilio(twilio.stop, 5_000)).toEqual([{ kind: "end", reason: "twilio_stop" }]);
    expect(bridge.metrics.summary().barge_ins).toBe(1);
  });

  it.each([
    ["silence", payloads(silence(RENDER_MS))],
    ["line noise", payloads(noise(RENDER_MS, -48, 23))],
    ["the greeting's echo alone", payloads(echo(RENDER_MS))],
    ["clicks", payloads(concat(noise(800, -60, 24), click(), noise(900, -60, 25), click(40), noise(1_240, -60, 26)))],
  ])("%s: nothing cut; played out, the whole line is written, and the model keeps it", (_case, frames) => {
    const { bridge, mark } = greeted();
    bridge.onOpenAI(openai.itemAdded("item_g", LINE), 300);
    const heard = inbound(bridge, frames);
    expect(heard.some((frame) => frame.actions.length !== 1)).toBe(false);
    const played = bridge.onTwilio(twilio.mark(mark), RENDER_MS + 40);
    expect(written(played)).toEqual([LINE]);
    expect(told(played)).toEqual([]);
  });

  it("hears nothing itself once the model is ready: the model's voice activity detection cuts the greeting", () => {
    const { bridge } = greeted(true);
    bridge.onOpenAI(openai.itemAdded("item_g", LINE), 300);
    const heard = inbound(bridge, payloads(mix(echo(1_500), concat(silence(700), voiced(800, -26, 130)))));
    expect(heard.every((frame) => frame.actions.length === 1 && frame.actions[0]!.kind === "openai_json")).toBe(true);
    const cut = bridge.onOpenAI(openai.speechStarted, 1_000);
    expect(clears(cut)).toBe(1);
    const words = heardWords(LINE, RENDER, heard.at(-1)!.at);
    expect(written(cut)).toEqual([words]);
    expect(told(cut)).toEqual([`item_g < ${words}`, "- item_g"]);
  });

  it("stops listening once the model is ready, mid-greeting", () => {
    const { bridge } = greeted();
    const caller = payloads(mix(echo(2_000), concat(silence(700), voiced(1_300, -26, 130))));
    inbound(bridge, caller.slice(0, 36));
    bridge.modelReady();
    expect(inbound(bridge, caller.slice(36), 720).some((frame) => clears(frame.actions) > 0)).toBe(false);
  });

  it("cuts nothing once the greeting has played out by Twilio's clock (its mark not yet echoed)", () => {
    const { bridge } = greeted();
    const frames = payloads(mix(noise(4_000, -60, 27), concat(silence(RENDER_MS + 100), voiced(900, -24, 130))));
    expect(inbound(bridge, frames).some((frame) => clears(frame.actions) > 0)).toBe(false);
  });

  it("still hangs up on a recording that talks over the greeting without a pause, as the model hears it", () => {
    const { bridge } = greeted();
    const recording = payloads(concat(silence(100), voiced(900, -20, 150)));
    expect(inbound(bridge, recording).some((frame) => clears(frame.actions) > 0)).toBe(true);
    bridge.modelReady();
    // The model's detector hears it start from the queued audio, within the call screen's 1.5 s of the greeting's start.
    bridge.onOpenAI(openai.speechStarted, 1_100);
    expect(bridge.onTick(7_099)).toEqual([]);
    expect(bridge.onTick(7_100)).toEqual([{ kind: "end", reason: "talk_over" }]);
  });
});

describe("the clear the bridge sends itself", () => {
  it("names the stream, as the model's barge-in does", () => {
    const { bridge } = greeted();
    const heard = inbound(bridge, payloads(concat(silence(300), voiced(400, -20))));
    expect(heard.flatMap((frame) => frame.actions).find((a) => a.kind === "twilio")).toEqual({
      kind: "twilio",
      message: { event: "clear", streamSid: STREAM },
    });
  });
});
