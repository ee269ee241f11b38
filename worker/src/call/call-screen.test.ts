import { SILENT_GOODBYE_INSTRUCTIONS } from "@nikki/core/call-screen-rules";
import { describe, expect, it } from "vitest";
import { CHUNK_100MS, openai, twilio } from "./fixtures/frames";
import { CallScreen } from "./call-screen";
import { BridgeProtocol } from "./protocol";

/** A stream started at 0 whose greeting (item_a, 300 ms) is sent at 500 ms and ends with mark m1, the only mark of its audio. */
function greeted() {
  const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "Say goodbye." });
  bridge.onTwilio(twilio.start, 0);
  for (const at of [500, 505, 510]) bridge.onOpenAI(openai.audioDelta("item_a", CHUNK_100MS), at);
  bridge.onOpenAI(openai.audioDone("item_a"), 515);
  return bridge;
}

describe("the call screen (pure)", () => {
  it("finds a caller silent 10 s after the greeting's last mark was played, once", () => {
    const screen = new CallScreen();
    screen.audio("item_a", 500);
    screen.audioDone("item_a", "m3");
    screen.marked("m2", 700);
    expect(screen.check(20_000)).toBeNull();
    screen.marked("m3", 800);
    expect(screen.check(10_799)).toBeNull();
    expect(screen.check(10_800)).toBe("silent");
    expect(screen.check(11_000)).toBeNull();
  });

  it("never finds silent a caller who spoke, nor before the greeting played", () => {
    const spoke = new CallScreen();
    spoke.audio("item_a", 500);
    spoke.audioDone("item_a", "m3");
    spoke.marked("m3", 800);
    spoke.speechStarted(5_000);
    spoke.speechStopped();
    expect(spoke.check(60_000)).toBeNull();
    const transcribed = new CallScreen();
    transcribed.audio("item_a", 500);
    transcribed.audioDone("item_a", "m3");
    transcribed.marked("m3", 800);
    transcribed.callerSpoke();
    expect(transcribed.check(60_000)).toBeNull();
    expect(new CallScreen().check(60_000)).toBeNull();
  });

  it.each([
    ["before the greeting's first audio", 200, 6_200, "talk_over"],
    ["1.5 s into the greeting", 2_000, 8_000, "talk_over"],
    ["not yet 6 s of it", 200, 6_199, null],
    ["2 s into the greeting (a person interrupting)", 2_600, 20_000, null],
  ] as const)("speech without a pause that starts %s: %s", (_case, startsAt, checkedAt, verdict) => {
    const screen = new CallScreen();
    screen.audio("item_a", 500);
    screen.speechStarted(startsAt);
    expect(screen.check(checkedAt)).toBe(verdict);
  });

  it("screens no talk-over on a call we placed (a voicemail greeting talks on; answering machine detection handles it)", () => {
    const screen = new CallScreen(false);
    screen.audio("item_a", 500);
    screen.speechStarted(200);
    expect(screen.check(30_000)).toBeNull();
  });

  it("a pause means a person: speech that stops and starts again is no recording", () => {
    const screen = new CallScreen();
    screen.audio("item_a", 500);
    screen.speechStarted(300);
    screen.speechStopped();
    screen.speechStarted(3_000);
    expect(screen.check(30_000)).toBeNull();
  });

  it("speech that starts after the greeting played out is an answer, however long", () => {
    const screen = new CallScreen();
    screen.audio("item_a", 500);
    screen.audioDone("item_a", "m1");
    screen.marked("m1", 900);
    screen.speechStarted(1_000);
    expect(screen.check(30_000)).toBeNull();
  });
});

describe("the bridge protocol with the call screen", () => {
  it("says goodbye to a caller silent for 10 s after the greeting played, then ends the call as silent", () => {
    const bridge = greeted();
    expect(bridge.onTick(5_000)).toEqual([]);
    bridge.onTwilio(twilio.mark("m1"), 820);
    expect(bridge.onTick(10_819)).toEqual([]);
    expect(bridge.onTick(10_820)).toEqual([{ kind: "openai", event: { type: "response.create", response: { instructions: SILENT_GOODBYE_INSTRUCTIONS } } }]);
    expect(bridge.onTick(11_820)).toEqual([]);
    expect(bridge.onOpenAI(openai.responseDone, 13_000)).toEqual([{ kind: "end", reason: "silent" }]);
  });

  it("keeps talking to a caller who answered the greeting", () => {
    const bridge = greeted();
    bridge.onTwilio(twilio.mark("m1"), 820);
    bridge.onOpenAI(openai.speechStarted, 2_000);
    bridge.onOpenAI(openai.speechStopped, 3_000);
    bridge.onOpenAI(openai.userTranscript("I need a plumber"), 3_200);
    expect(bridge.onTick(60_000)).toEqual([]);
  });

  it("hangs up on a recording that talks over the greeting without a pause", () => {
    const bridge = greeted();
    bridge.onOpenAI(openai.speechStarted, 600);
    expect(bridge.onTick(6_599)).toEqual([]);
    expect(bridge.onTick(6_600)).toEqual([{ kind: "end", reason: "talk_over" }]);
    expect(bridge.onTick(7_600)).toEqual([]);
  });

  it("lets a caller who interrupts the greeting and pauses talk on", () => {
    const bridge = greeted();
    bridge.onOpenAI(openai.speechStarted, 600);
    bridge.onOpenAI(openai.speechStopped, 2_600);
    expect(bridge.onTick(30_000)).toEqual([]);
  });
});
