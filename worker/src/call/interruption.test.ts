import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { describe, expect, it } from "vitest";
import { openai, twilio } from "./fixtures/frames";
import { concat, noise, payloads, silence, voiced } from "./fixtures/line-audio";
import { RECORDED_CALLER } from "./fixtures/recorded-caller";
import { DEFAULT_INTERRUPTION_MIN_MS } from "./interruption-guard";
import { type BridgeAction, BridgeProtocol } from "./protocol";

/**
 * The false-interruption guard with recorded frames (issue 55 §2): the caller's frames as Twilio sends them (one each
 * 20 ms, arriving 25 ms after their timestamp) and the model's events as its server VAD sends them, with the offsets
 * of the session's input audio. Nikki's 2 s answer is made at the call's start and plays from 0 to 2,000 ms.
 */
const ANSWER_MS = 2_000;
const ARRIVES_AFTER_MS = 25;

function answering(options: { interruptionMinMs?: number; answerMs?: number } = {}) {
  const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "", speechEndLagMs: 500, interruptionMinMs: options.interruptionMinMs });
  bridge.onTwilio(twilio.start, 0);
  bridge.modelReady();
  bridge.onOpenAI(openai.answerCreated("resp_1"), 5);
  for (let ms = 0; ms < (options.answerMs ?? ANSWER_MS); ms += 100) bridge.onOpenAI(openai.audioDelta("item_a"), 10);
  return bridge;
}

interface Step {
  at: number;
  /** A caller frame's timestamp, or the model's event. */
  frameMs?: number;
  event?: string;
  actions: BridgeAction[];
}

/** The caller's audio (from the stream's start) and the model's events (at bridge times), in the order they arrive. */
function play(bridge: BridgeProtocol, audio: string[], events: [number, string][]): Step[] {
  const steps: Omit<Step, "actions">[] = [
    ...audio.map((_, i) => ({ at: i * 20 + ARRIVES_AFTER_MS, frameMs: i * 20 })),
    ...events.map(([at, event]) => ({ at, event })),
  ].sort((a, b) => a.at - b.at);
  return steps.map((step) => ({
    ...step,
    actions: step.event ? bridge.onOpenAI(step.event, step.at) : bridge.onTwilio(twilio.media(step.frameMs!, audio[step.frameMs! / 20]), step.at),
  }));
}

const sent = (steps: Step[]) => steps.flatMap((step) => step.actions);
const clears = (actions: BridgeAction[]) => actions.filter((a) => a.kind === "twilio" && a.message.event === "clear");
/** What the model is told, besides the caller's audio. */
const toModel = (actions: BridgeAction[]): RealtimeClientEvent[] =>
  actions.flatMap((a) => (a.kind === "openai" && a.event.type !== "input_audio_buffer.append" ? [a.event] : []));
const firstCut = (steps: Step[]) => steps.find((step) => clears(step.actions).length > 0);

describe("a cough, a backchannel, an interruption (the bridge's false-interruption guard)", () => {
  it("a 150 ms cough over Nikki: Twilio keeps playing, her answer is not cut, and the model answers nothing", () => {
    const bridge = answering();
    const steps = play(bridge, payloads(concat(silence(500), noise(150, -20, 7), silence(1_850))), [
      // The model hears it (its start less 300 ms of padding; its end after 500 ms of silence), and its recogniser no words.
      [585, openai.speechStartedAt(200, "item_cough")],
      [1_175, openai.speechStoppedAt(1_150, "item_cough")],
      [1_300, openai.transcriptionOf("item_cough", "")],
      [1_400, openai.responseDoneOf("resp_1")],
    ]);
    expect(clears(sent(steps))).toEqual([]);
    // No cancel, no truncate, no answer: the model forgets the cough's item.
    expect(toModel(sent(steps))).toEqual([{ type: "conversation.item.delete", item_id: "item_cough" }]);
    expect(bridge.metrics.summary()).toMatchObject({ barge_ins: 0, turns: [] });
  });

  it("an “mm-hm” over Nikki: not an interruption, and not answered while she talks on", () => {
    const bridge = answering();
    const steps = play(bridge, payloads(concat(silence(600), voiced(240, -20), silence(1_660))), [
      [650, openai.speechStartedAt(300, "item_mm")],
      [1_365, openai.speechStoppedAt(1_340, "item_mm")],
      [1_450, openai.transcriptionOf("item_mm", "Mm-hm.")],
    ]);
    expect(clears(sent(steps))).toEqual([]);
    expect(toModel(sent(steps))).toEqual([{ type: "conversation.item.delete", item_id: "item_mm" }]);
    // What the caller said stays in the call's transcript.
    expect(sent(steps).filter((a) => a.kind === "transcript")).toMatchObject([{ role: "user", text: "Mm-hm." }]);
  });

  it("a short “yes” as Nikki finishes a question: answered, as a turn, once she has finished", () => {
    const bridge = answering({ answerMs: 1_000 });
    const steps = play(bridge, payloads(concat(silence(900), voiced(200, -20), silence(700))), [
      [950, openai.speechStartedAt(600, "item_yes")],
      [1_000, openai.responseDoneOf("resp_1")],
      [1_625, openai.speechStoppedAt(1_600, "item_yes")],
      [1_700, openai.transcriptionOf("item_yes", "Yes.")],
    ]);
    expect(clears(sent(steps))).toEqual([]);
    expect(toModel(steps.find((step) => step.at === 1_700 && step.event)!.actions)).toEqual([{ type: "response.create" }]);
  });

  it("the caller talking over Nikki: cut once they have spoken the minimum, her answer cancelled and truncated, then answered", () => {
    const bridge = answering();
    // Recorded speech from 400 ms: its voice is loud enough from its third frame (440 ms), pauses from 780 to 940, and goes on.
    const steps = play(bridge, payloads(concat(silence(400))).concat(RECORDED_CALLER, payloads(silence(1_400))), [
      [470, openai.speechStartedAt(120, "item_caller")],
      [2_225, openai.speechStoppedAt(2_200, "item_caller")],
    ]);
    const cut = firstCut(steps)!;
    // The frame that makes 300 ms of loud speech: Nikki stops within the minimum (and a frame) of the caller's first words.
    expect(cut.frameMs! + 20 - 440).toBeGreaterThanOrEqual(DEFAULT_INTERRUPTION_MIN_MS);
    expect(cut.frameMs! + 20 - 440).toBeLessThanOrEqual(DEFAULT_INTERRUPTION_MIN_MS + 20);
    // Twilio cleared first, then the model's answer cancelled and cut at what Twilio's clock says was heard; the frame goes on.
    expect(cut.actions.map((a) => (a.kind === "twilio" ? a.message.event : a.kind === "openai" ? a.event.type : a.kind))).toEqual([
      "clear",
      "response.cancel",
      "conversation.item.truncate",
      "openai_json",
    ]);
    expect(toModel(cut.actions)[1]).toEqual({ type: "conversation.item.truncate", item_id: "item_a", content_index: 0, audio_end_ms: cut.frameMs });
    expect(clears(sent(steps))).toHaveLength(1);
    // The caller's turn over, the model is asked for its answer.
    expect(toModel(steps.find((step) => step.at === 2_225 && step.event)!.actions)).toEqual([{ type: "response.create" }]);
    expect(bridge.metrics.summary().barge_ins).toBe(1);
    // What the model made of the answer before its cancel reached it is not played.
    expect(bridge.onOpenAI(openai.audioDelta("item_a"), 2_300)).toEqual([]);
  });

  it("the caller talking over an answer being made, before any of its audio: cancelled, and what comes of it is not played", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "", speechEndLagMs: 500 });
    bridge.onTwilio(twilio.start, 0);
    bridge.modelReady();
    bridge.onOpenAI(openai.answerCreated("resp_1"), 5);
    const steps = play(bridge, payloads(concat(silence(100), voiced(600, -20), silence(200))), [[150, openai.speechStartedAt(0, "item_c")]]);
    const cut = steps.find((step) => toModel(step.actions).some((event) => event.type === "response.cancel"))!;
    // Nothing played yet: nothing to clear or truncate, the answer is cancelled.
    expect(clears(sent(steps))).toEqual([]);
    expect(toModel(cut.actions)).toEqual([{ type: "response.cancel" }]);
    // Its item and audio, made before the cancel reached the model, never reach the caller.
    bridge.onOpenAI(openai.outputItemAdded("resp_1", "item_late"), 1_000);
    expect(bridge.onOpenAI(openai.audioDelta("item_late"), 1_001)).toEqual([]);
  });

  it("the model's word coming late: the speech since its start counts, and Nikki is cut at once", () => {
    const bridge = answering();
    const steps = play(bridge, payloads(concat(silence(400), voiced(1_000, -20), silence(600))), [[925, openai.speechStartedAt(100, "item_late")]]);
    const cut = firstCut(steps)!;
    expect(cut.event).toBeDefined();
    expect(toModel(cut.actions).map((event) => event.type)).toEqual(["response.cancel", "conversation.item.truncate"]);
  });

  it("words over Nikki in less than the minimum (“No, wait”): cut once the recogniser has them, and answered", () => {
    const bridge = answering();
    const steps = play(bridge, payloads(concat(silence(600), voiced(200, -20), silence(1_400))), [
      [650, openai.speechStartedAt(300, "item_no")],
      [1_325, openai.speechStoppedAt(1_300, "item_no")],
      [1_400, openai.transcriptionDelta("item_no", "No, ")],
      [1_450, openai.transcriptionDelta("item_no", "wait")],
      [1_500, openai.transcriptionOf("item_no", "No, wait.")],
    ]);
    const cut = firstCut(steps)!;
    expect(cut.at).toBe(1_400);
    expect(toModel(cut.actions).map((event) => event.type)).toEqual(["response.cancel", "conversation.item.truncate", "response.create"]);
    expect(clears(sent(steps))).toHaveLength(1);
    expect(toModel(sent(steps)).filter((event) => event.type === "response.create")).toHaveLength(1);
  });

  it("a recogniser that failed on a short burst: as a noise, dismissed", () => {
    const bridge = answering();
    const steps = play(bridge, payloads(concat(silence(600), noise(100, -20, 9), silence(1_000))), [
      [650, openai.speechStartedAt(300, "item_x")],
      [1_225, openai.speechStoppedAt(1_200, "item_x")],
      [1_300, openai.transcriptionFailed("item_x")],
    ]);
    expect(clears(sent(steps))).toEqual([]);
    expect(toModel(sent(steps))).toEqual([{ type: "conversation.item.delete", item_id: "item_x" }]);
  });

  it("reads the minimum from the plan: 600 ms of speech before Nikki stops", () => {
    const cutAt = (interruptionMinMs: number) => {
      const bridge = answering({ interruptionMinMs });
      const steps = play(bridge, payloads(concat(silence(400), voiced(1_500, -20), silence(100))), [[450, openai.speechStartedAt(100, "item_c")]]);
      return firstCut(steps)!.frameMs!;
    };
    expect(cutAt(600) - cutAt(300)).toBeGreaterThanOrEqual(300);
  });

  it("speech while Nikki is silent is the caller's turn: nothing to cut, answered once it ends", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "", speechEndLagMs: 500 });
    bridge.onTwilio(twilio.start, 0);
    const steps = play(bridge, payloads(concat(silence(200), noise(100, -20, 3), silence(700))), [
      [250, openai.speechStartedAt(0, "item_t")],
      [825, openai.speechStoppedAt(800, "item_t")],
    ]);
    expect(clears(sent(steps))).toEqual([]);
    expect(toModel(sent(steps))).toEqual([{ type: "response.create" }]);
  });
});
