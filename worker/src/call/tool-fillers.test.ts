import { describe, expect, it } from "vitest";
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { CHUNK_100MS, openai, twilio } from "./fixtures/frames";
import { type BridgeAction, BridgeProtocol } from "./protocol";
import { FILLER_AFTER_MS, FILLER_LEAD_MS, FILLER_MARK_PREFIX, FILLER_PAUSE_MS, SECOND_FILLER_AFTER_MS } from "./tool-fillers";

const LINES = ["One moment while I check that.", "Still checking…"];
const fresh = () => {
  const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "Say goodbye.", fillers: LINES, interruptionMinMs: 0 });
  bridge.onTwilio(twilio.start, 0);
  return bridge;
};
const toOpenAI = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "openai" ? [a.event] : []));
const media = (actions: BridgeAction[]) => actions.filter((a) => a.kind === "twilio_json").length;
const twilioEvents = (actions: BridgeAction[]) =>
  actions.flatMap((a) => (a.kind === "twilio" ? [a.message.event] : a.kind === "twilio_json" ? [(JSON.parse(a.json) as { event: string }).event] : []));
const wakes = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "wake" ? [a.at] : []));
const said = (actions: BridgeAction[]) => actions.flatMap((a) => (a.kind === "transcript" ? [a.text] : []));
const fillerAsked = (event: RealtimeClientEvent | undefined) =>
  event?.type === "response.create" && event.response?.conversation === "none" ? /"(.*)"$/.exec(event.response.instructions ?? "")?.[1] : undefined;

/** The model calls a tool at `at`; the bridge passes it out and asks for the first wake-up. */
function callTool(bridge: BridgeProtocol, at: number) {
  const actions = bridge.onOpenAI(openai.functionCall("check_availability", { date: "tomorrow" }), at);
  expect(actions[0]).toMatchObject({ kind: "tool", callId: "call_abc" });
  return actions;
}

/** The API's side of one filler: created with the metadata it was asked with, its item, its audio and words. */
function modelSaysFiller(bridge: BridgeProtocol, request: RealtimeClientEvent, n: number, at: number) {
  const metadata = (request as { response: { metadata: Record<string, string> } }).response.metadata;
  const out = [
    ...bridge.onOpenAI(openai.outOfBandCreated(`resp_f${n}`, metadata), at),
    ...bridge.onOpenAI(openai.outputItemAdded(`resp_f${n}`, `item_f${n}`), at),
    ...bridge.onOpenAI(openai.audioDelta(`item_f${n}`, CHUNK_100MS), at + 10),
    ...bridge.onOpenAI(openai.audioDone(`item_f${n}`), at + 20),
    ...bridge.onOpenAI(openai.transcriptOf(`item_f${n}`, fillerAsked(request) ?? ""), at + 20),
  ];
  return out;
}

describe("fillers while a slow tool runs (issue 37 §2)", () => {
  it("a slow tool: the first filler is heard at 700 ms, a second 2 s later, then none; the answer follows the filler", () => {
    const bridge = fresh();
    bridge.onOpenAI(openai.audioDelta("item_greeting"), 100);
    // Twilio's clock past the greeting's 100 ms: it has played.
    bridge.onTwilio(twilio.media(200), 200);
    bridge.onOpenAI(openai.speechStopped, 900);
    expect(wakes(callTool(bridge, 1000))).toEqual([1000 + FILLER_AFTER_MS - FILLER_LEAD_MS]);

    // Asked early, out of band, in the agent's words: its audio and words are held until it is due.
    const ask1 = bridge.onWake(1300);
    const request1 = toOpenAI(ask1)[0];
    expect(request1).toMatchObject({ type: "response.create", response: { conversation: "none", input: [], tool_choice: "none" } });
    expect(fillerAsked(request1)).toBe(LINES[0]);
    expect(wakes(ask1)).toEqual([1700]);
    const early = modelSaysFiller(bridge, request1!, 1, 1400);
    expect(media(early)).toBe(0);
    expect(said(early)).toEqual([]);
    expect(bridge.onOpenAI(openai.responseDoneOf("resp_f1"), 1450)).toEqual([]);

    // Due: the caller hears it now, and the transcript has it at this time.
    const heard1 = bridge.onWake(1700);
    expect(twilioEvents(heard1)).toEqual(["media", "mark"]);
    expect(heard1).toContainEqual({ kind: "transcript", role: "assistant", text: LINES[0], atMs: 1700 });
    expect(wakes(heard1)).toEqual([1700 + SECOND_FILLER_AFTER_MS - FILLER_LEAD_MS]);
    // Its mark says it is a filler's audio (the Test Suite's caller waits past it for the answer).
    expect(heard1).toContainEqual({ kind: "twilio", message: expect.objectContaining({ event: "mark", mark: { name: `${FILLER_MARK_PREFIX}1` } }) });
    bridge.onTwilio(twilio.mark(`${FILLER_MARK_PREFIX}1`), 1800);

    const request2 = toOpenAI(bridge.onWake(3300))[0];
    expect(fillerAsked(request2)).toBe(LINES[1]);
    modelSaysFiller(bridge, request2!, 2, 3400);
    const heard2 = bridge.onWake(3700);
    expect(said(heard2)).toEqual([LINES[1]]);
    expect(wakes(heard2)).toEqual([]);

    // The tool answers while the second filler's response is still going: the answer waits for it, then follows.
    const answered = bridge.toolResult("call_abc", { ok: true }, 4000);
    expect(toOpenAI(answered).map((event) => event.type)).toEqual(["conversation.item.create"]);
    expect(toOpenAI(bridge.onOpenAI(openai.responseDoneOf("resp_f2"), 4100))).toEqual([{ type: "response.create" }]);
    // No third, however long it runs; and the turn's gap is the silence before the first filler, not the tool's time.
    expect(bridge.onWake(9000)).toEqual([]);
    bridge.onOpenAI(openai.audioDelta("item_answer"), 4500);
    expect(bridge.metrics.summary().turn_gaps_ms).toEqual([1700 - 900]);
    // The filler's audio, made at 1,400 and held until due at 1,700, took the product no time: its wait is the model's part.
    expect(bridge.metrics.summary().turns).toMatchObject([{ product_ms: 0 }]);
  });

  it("a fast tool gets no filler: nothing is asked of the model, and the answer is asked for at once", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    expect(toOpenAI(bridge.toolResult("call_abc", { ok: true }, 1200)).map((event) => event.type)).toEqual(["conversation.item.create", "response.create"]);
    expect(bridge.onWake(1300)).toEqual([]);
    expect(bridge.onWake(1700)).toEqual([]);
  });

  it("a tool that answers after the filler was asked for but before it was due: the filler is cancelled by id, never heard", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    const request = toOpenAI(bridge.onWake(1300))[0]!;
    modelSaysFiller(bridge, request, 1, 1350);
    expect(toOpenAI(bridge.toolResult("call_abc", { ok: true }, 1500))).toEqual([
      expect.objectContaining({ type: "conversation.item.create" }),
      { type: "response.cancel", response_id: "resp_f1" },
      { type: "response.create" },
    ]);
    // Its late audio and words reach neither the caller nor the transcript.
    expect(bridge.onOpenAI(openai.audioDelta("item_f1"), 1550)).toEqual([]);
    expect(bridge.onOpenAI(openai.transcriptOf("item_f1", LINES[0]!), 1560)).toEqual([]);
    expect(bridge.onWake(1700)).toEqual([]);
  });

  it("a filler whose response was not created yet when the tool answered is cancelled as soon as it is", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    const request = toOpenAI(bridge.onWake(1300))[0] as { response: { metadata: Record<string, string> } };
    bridge.toolResult("call_abc", { ok: true }, 1350);
    expect(toOpenAI(bridge.onOpenAI(openai.outOfBandCreated("resp_f1", request.response.metadata), 1400))).toEqual([
      { type: "response.cancel", response_id: "resp_f1" },
    ]);
  });

  it("never over the caller: a filler due while they speak is left out; at most two are tried in all", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    const request1 = toOpenAI(bridge.onWake(1300))[0]!;
    modelSaysFiller(bridge, request1, 1, 1350);
    bridge.onOpenAI(openai.speechStarted, 1600);
    const due = bridge.onWake(1700);
    expect(media(due)).toBe(0);
    expect(toOpenAI(due)).toEqual([{ type: "response.cancel", response_id: "resp_f1" }]);
    expect(wakes(due)).toEqual([1700 + SECOND_FILLER_AFTER_MS - FILLER_LEAD_MS]);
    bridge.onOpenAI(openai.speechStopped, 2000);
    // The next is the first line again (none was heard), and it is the last one tried.
    const request2 = toOpenAI(bridge.onWake(3300))[0]!;
    expect(fillerAsked(request2)).toBe(LINES[0]);
    modelSaysFiller(bridge, request2, 2, 3350);
    const heard = bridge.onWake(3700);
    expect(said(heard)).toEqual([LINES[0]]);
    expect(wakes(heard)).toEqual([]);
  });

  it("never over audio already playing: a due filler waits until it has played out, and a breath more", () => {
    const bridge = fresh();
    // Nikki says something as she calls the tool: 300 ms of audio, not yet played when the filler is due.
    for (let i = 0; i < 3; i++) bridge.onOpenAI(openai.audioDelta("item_a", CHUNK_100MS), 990);
    callTool(bridge, 1000);
    const request = toOpenAI(bridge.onWake(1300))[0]!;
    modelSaysFiller(bridge, request, 1, 1350);
    const due = bridge.onWake(1700);
    expect(media(due)).toBe(0);
    expect(wakes(due)).toEqual([1800]);
    // Twilio's clock reaches the end of the 300 ms: played out.
    bridge.onTwilio(twilio.media(300), 1750);
    expect(wakes(bridge.onWake(1800))).toEqual([1800 + FILLER_PAUSE_MS]);
    const heard = bridge.onWake(1800 + FILLER_PAUSE_MS);
    expect(media(heard)).toBe(1);
    expect(said(heard)).toEqual([LINES[0]]);
  });

  it("the caller talking over a filler clears it and cancels its response by id; nothing to truncate, it is in no conversation", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    const request = toOpenAI(bridge.onWake(1300))[0]!;
    modelSaysFiller(bridge, request, 1, 1350);
    bridge.onWake(1700);
    const barged = bridge.onOpenAI(openai.speechStarted, 1750);
    expect(toOpenAI(barged)).toEqual([{ type: "response.cancel", response_id: "resp_f1" }]);
    expect(twilioEvents(barged)).toEqual(["clear"]);
  });

  it("a filler's response.done does not end a call that is ending, and end_call gets no filler", () => {
    const bridge = fresh();
    callTool(bridge, 1000);
    const request = toOpenAI(bridge.onWake(1300))[0]!;
    modelSaysFiller(bridge, request, 1, 1350);
    bridge.requestEnd();
    expect(bridge.onOpenAI(openai.responseDoneOf("resp_f1"), 1400)).toEqual([]);
    expect(wakes(bridge.onOpenAI(openai.functionCall("end_call", {}), 2000))).toEqual([]);
  });

  it("without filler lines (a plan from before them), a slow tool is as before", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 600_000, goodbyeInstructions: "" });
    bridge.onTwilio(twilio.start, 0);
    expect(bridge.onOpenAI(openai.functionCall("check_availability", {}), 1000)).toHaveLength(1);
    expect(bridge.onWake(5000)).toEqual([]);
  });
});
