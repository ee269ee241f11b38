import { describe, expect, it } from "vitest";
import { CHUNK_20MS, CHUNK_100MS, openai, twilio } from "./fixtures/frames";
import { InputTimeline } from "./input-timeline";
import { BridgeProtocol } from "./protocol";

/**
 * Voice to voice, per turn (issue 55 §1): from where the caller stopped speaking (the model's `audio_end_ms`, less its
 * silence window, placed on the stream) to the first frame of the answer sent to Twilio, split at the model's first audio.
 */
describe("a turn's voice-to-voice time", () => {
  it("from the end of the caller's speech, placed on the stream, to the answer's first frame out", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "", speechEndLagMs: 500 });
    bridge.onTwilio(twilio.start, 0);
    bridge.modelReady();
    bridge.onOpenAI(openai.audioDelta("item_greeting"), 300);
    // Twilio's frames arrive 25 ms after their timestamp; the first ten never reached the model (its queue was full),
    // so the model's input audio starts 200 ms into the stream.
    for (let ms = 0; ms <= 2_300; ms += 20) {
      bridge.onTwilio(twilio.media(ms, CHUNK_20MS), ms + 25);
      if (ms < 200) bridge.inputDropped();
    }
    // The caller spoke until 1,800 ms into the stream: the model says so once 500 ms of silence have passed.
    bridge.onOpenAI(openai.speechStartedAt(700, "item_1"), 1_000);
    expect(bridge.onOpenAI(openai.speechStoppedAt(2_100, "item_1"), 2_330)).toEqual([{ kind: "openai", event: { type: "response.create" } }]);
    bridge.onOpenAI(openai.answerCreated("resp_2"), 2_400);
    bridge.onOpenAI(openai.audioDelta("item_b"), 2_900);
    expect(bridge.metrics.summary()).toMatchObject({
      greeting_ms: 300,
      // The bridge had the audio up to 1,800 ms at 1,805 (the quickest frame took 5 ms once whole).
      turns: [{ at_ms: 1_800, voice_to_voice_ms: 1_095, model_ms: 1_095, product_ms: 0 }],
      voice_to_voice_p50_ms: 1_095,
      voice_to_voice_p90_ms: 1_095,
      product_p95_ms: 0,
      // The turn's gap on the bridge's own clock, as before: from the model's word to the first audio.
      turn_gaps_ms: [570],
    });
  });

  it("without offsets it can place, from the model's word less the silence window", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "", speechEndLagMs: 500 });
    bridge.onTwilio(twilio.start, 0);
    bridge.onOpenAI(openai.audioDelta("item_greeting"), 100);
    bridge.onOpenAI(JSON.stringify({ type: "input_audio_buffer.speech_stopped", item_id: "item_1" }), 3_000);
    bridge.onOpenAI(openai.audioDelta("item_b", CHUNK_100MS), 3_700);
    expect(bridge.metrics.summary().turns).toEqual([{ at_ms: 0, voice_to_voice_ms: 1_200, model_ms: 1_200, product_ms: 0 }]);
  });
});

describe("the model's input audio on the stream's timeline", () => {
  it("maps buffer milliseconds to the stream's, piece by piece across a gap or a dropped frame", () => {
    const timeline = new InputTimeline();
    expect(timeline.streamMsAt(0)).toBeNull();
    for (let ms = 1_000; ms < 1_100; ms += 20) timeline.appended(ms, 20, ms + 30);
    // Twilio's clock jumps (frames lost before the bridge): a new piece.
    for (let ms = 2_000; ms < 2_100; ms += 20) timeline.appended(ms, 20, ms + 40);
    timeline.appended(2_100, 20, 2_140);
    timeline.dropped();
    timeline.appended(undefined, 20, 2_160);
    expect([0, 50, 100, 150, 200].map((ms) => timeline.streamMsAt(ms))).toEqual([1_000, 1_050, 2_000, 2_050, 2_120]);
    expect(timeline.clockAt(1_050)).toBe(1_060);
    expect(timeline.endMs).toBe(2_140);
  });
});
