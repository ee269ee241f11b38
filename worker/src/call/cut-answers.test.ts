import { describe, expect, it } from "vitest";
import { openai, twilio } from "./fixtures/frames";
import { type BridgeAction, BridgeProtocol } from "./protocol";

const ANSWER = "One two three four five six seven eight";
const transcripts = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "transcript" ? [a.text] : []));

/** An answer of 300 ms of audio, sent when Twilio's clock read 0, and the caller talking over it at 150 ms: half heard. */
function cutHalfway() {
  const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "", interruptionMinMs: 0 });
  bridge.onTwilio(twilio.start, 0);
  bridge.onTwilio(twilio.media(0), 100);
  for (let i = 0; i < 3; i++) bridge.onOpenAI(openai.audioDelta("item_a"), 100 + i);
  bridge.onTwilio(twilio.media(150), 250);
  bridge.onOpenAI(openai.speechStarted, 260);
  return bridge;
}

describe("an answer a barge-in cut, in the transcript", () => {
  it("a response cancelled before its transcript came is written as the words the caller heard, from its output", () => {
    const bridge = cutHalfway();
    // Half of the 39 characters is 19, inside "five": the whole words before it.
    expect(transcripts(bridge.onOpenAI(openai.cancelledAnswer("resp_1", "item_a", ANSWER), 270))).toEqual(["One two three four"]);
  });

  it("a transcript that still comes after the cut is written as far as it was heard, once", () => {
    const bridge = cutHalfway();
    expect(transcripts(bridge.onOpenAI(openai.transcriptOf("item_a", ANSWER), 270))).toEqual(["One two three four"]);
    expect(transcripts(bridge.onOpenAI(openai.cancelledAnswer("resp_1", "item_a", ANSWER), 280))).toEqual([]);
  });

  it("a cancelled response no barge-in cut adds nothing; an answer heard whole is written whole", () => {
    const bridge = cutHalfway();
    expect(transcripts(bridge.onOpenAI(openai.cancelledAnswer("resp_2", "item_b", "Never heard."), 270))).toEqual([]);
    bridge.onOpenAI(openai.audioDelta("item_c"), 400);
    expect(transcripts(bridge.onOpenAI(openai.transcriptOf("item_c", "Anything else?"), 500))).toEqual(["Anything else?"]);
  });

  it("the greeting the model says, cut, is not written again from its cancelled response: its line is written already", () => {
    const line = "Thanks for calling Fields Dental, this is Dana. How can I help?";
    const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "", openingLine: line, interruptionMinMs: 0 });
    bridge.onTwilio(twilio.start, 0);
    bridge.onTwilio(twilio.media(0), 100);
    expect(transcripts(bridge.onOpenAI(openai.greetingCreated("resp_1"), 100))).toEqual([line]);
    for (let i = 0; i < 3; i++) bridge.onOpenAI(openai.audioDelta("item_a"), 100 + i);
    bridge.onTwilio(twilio.media(300), 400);
    bridge.onOpenAI(openai.speechStarted, 410);
    expect(transcripts(bridge.onOpenAI(openai.cancelledAnswer("resp_1", "item_a", line), 420))).toEqual([]);
  });

  it("an answer cut before any of it was heard leaves no line", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "", interruptionMinMs: 0 });
    bridge.onTwilio(twilio.start, 0);
    bridge.onTwilio(twilio.media(0), 100);
    bridge.onOpenAI(openai.audioDelta("item_a"), 100);
    bridge.onOpenAI(openai.speechStarted, 101);
    expect(transcripts(bridge.onOpenAI(openai.cancelledAnswer("resp_1", "item_a", ANSWER), 110))).toEqual([]);
  });
});
