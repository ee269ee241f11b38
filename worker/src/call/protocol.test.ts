import { describe, expect, it } from "vitest";
import { CHUNK_20MS, CHUNK_100MS, openai, twilio } from "./fixtures/frames";
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { type BridgeAction, BridgeProtocol, type TwilioOutbound, greetingResponse } from "./protocol";
import { base64Length } from "./playout";

const STREAM = "MZ11111111111111111111111111111111";
/** The mechanics of a barge-in, apart from the guard that decides one (interruption.test.ts): any speech over Nikki interrupts. */
const fresh = (maxCallMs = 60_000) => {
  const bridge = new BridgeProtocol({ maxCallMs, goodbyeInstructions: "Say goodbye.", interruptionMinMs: 0 });
  bridge.onTwilio(twilio.start, 0);
  return bridge;
};
const toTwilio = (actions: BridgeAction[]) =>
  actions.flatMap((a) => (a.kind === "twilio" ? [a.message] : a.kind === "twilio_json" ? [JSON.parse(a.json) as TwilioOutbound] : []));
const toOpenAI = (actions: BridgeAction[]) =>
  actions.flatMap((a) => (a.kind === "openai" ? [a.event] : a.kind === "openai_json" ? [JSON.parse(a.json) as RealtimeClientEvent] : []));

describe("the bridge protocol", () => {
  it("starts once, with the stream, the call and the custom parameters", () => {
    const bridge = new BridgeProtocol({ maxCallMs: 1000, goodbyeInstructions: "" });
    expect(bridge.onTwilio(twilio.connected, 0)).toEqual([]);
    expect(bridge.onTwilio(twilio.start, 0)).toEqual([
      { kind: "started", callSid: "CA22222222222222222222222222222222", streamSid: STREAM, parameters: { callId: "call-1", token: "ticket-1" } },
    ]);
    expect(bridge.onTwilio(twilio.start, 5)).toEqual([]);
  });

  it("forwards the caller's audio, and nothing before the stream starts or from another track", () => {
    const before = new BridgeProtocol({ maxCallMs: 1000, goodbyeInstructions: "" });
    expect(before.onTwilio(twilio.media(0), 0)).toEqual([]);
    const bridge = fresh();
    expect(toOpenAI(bridge.onTwilio(twilio.media(20), 20))).toEqual([{ type: "input_audio_buffer.append", audio: CHUNK_20MS }]);
    expect(bridge.onTwilio(twilio.media(40, CHUNK_20MS, "outbound"), 40)).toEqual([]);
  });

  it("reads the hot frames the fast way and any other key order the full way, to the same messages", () => {
    const reordered = JSON.stringify({ streamSid: "MZ11111111111111111111111111111111", event: "media", media: { payload: CHUNK_20MS, track: "inbound" } });
    expect(toOpenAI(fresh().onTwilio(reordered, 20))).toEqual(toOpenAI(fresh().onTwilio(twilio.media(20), 20)));
    expect(fresh().onTwilio(twilio.media(20), 20)[0]?.kind).toBe("openai_json");
    const delta = JSON.parse(openai.audioDelta("item_a")) as Record<string, unknown>;
    const deltaReordered = JSON.stringify({ item_id: delta.item_id, delta: delta.delta, type: delta.type });
    expect(toTwilio(fresh().onOpenAI(deltaReordered, 100))).toEqual(toTwilio(fresh().onOpenAI(openai.audioDelta("item_a"), 100)));
    // An escaped payload is not one the fast path trusts: the full parse reads it.
    const escaped = twilio.media(20).replace(CHUNK_20MS, `${CHUNK_20MS.slice(0, 4)}\\u002f${CHUNK_20MS.slice(4)}`);
    expect(toOpenAI(fresh().onTwilio(escaped, 20))).toEqual([{ type: "input_audio_buffer.append", audio: JSON.parse(escaped).media.payload }]);
  });

  it("writes the greeting the model says from its line, once, though the caller talks over it before its transcript comes", () => {
    const line = "Thanks for calling Fields Dental, this is Dana. How can I help?";
    const bridge = new BridgeProtocol({ maxCallMs: 60_000, goodbyeInstructions: "", openingLine: line, interruptionMinMs: 0 });
    bridge.onTwilio(twilio.start, 0);
    expect(greetingResponse(line)).toMatchObject({ type: "response.create", response: { metadata: { nikki_greeting: "1" } } });
    const transcripts = (actions: BridgeAction[]) => actions.filter((a) => a.kind === "transcript").map((a) => a.kind === "transcript" && a.text);
    expect(transcripts(bridge.onOpenAI(openai.greetingCreated("resp_1"), 40))).toEqual([line]);
    bridge.onOpenAI(openai.audioDelta("item_a"), 60);
    expect(toTwilio(bridge.onOpenAI(openai.speechStarted, 300))).toContainEqual({ event: "clear", streamSid: STREAM });
    // Its own transcript, cut or whole, is not written again; the next answer's is.
    expect(transcripts(bridge.onOpenAI(openai.assistantTranscript("Thanks for calling"), 310))).toEqual([]);
    expect(transcripts(bridge.onOpenAI(openai.transcriptOf("item_b", "Sure, what day suits you?"), 900))).toEqual(["Sure, what day suits you?"]);
    // Another greeting-marked response (none is asked for) is not the greeting again.
    expect(transcripts(bridge.onOpenAI(openai.greetingCreated("resp_9"), 950))).toEqual([]);
  });

  it.each([
    ["not JSON", "{oops"],
    ["a JSON array", "[1,2]"],
    ["no event", JSON.stringify({ media: {} })],
    ["a number", 42],
    ["binary", new Uint8Array([1, 2, 3])],
    ["media without payload", JSON.stringify({ event: "media", media: {} })],
    ["an unknown mark", twilio.mark("nope")],
  ])("ignores garbage from Twilio: %s", (_case, frame) => {
    expect(fresh().onTwilio(frame, 10)).toEqual([]);
  });

  it.each([
    ["not JSON", "<html>"],
    ["no type", JSON.stringify({ delta: "x" })],
    ["a delta without item", JSON.stringify({ type: "response.output_audio.delta", delta: CHUNK_20MS })],
    ["a function call without id", JSON.stringify({ type: "response.function_call_arguments.done", name: "end_call" })],
  ])("ignores garbage from OpenAI: %s", (_case, frame) => {
    expect(fresh().onOpenAI(frame, 10)).toEqual([]);
  });

  it("marks only the end of an answer: Twilio's timestamps tell what has played", () => {
    const bridge = fresh();
    const sent = [1, 2, 3, 4, 5, 6, 7].map((i) => toTwilio(bridge.onOpenAI(openai.audioDelta("item_a", CHUNK_20MS), 100 + i)));
    expect(sent.flat().map((message) => message.event)).toEqual(Array(7).fill("media"));
    expect(toTwilio(bridge.onOpenAI(openai.audioDone("item_a"), 120))).toEqual([{ event: "mark", streamSid: STREAM, mark: { name: "m1" } }]);
    // The mark covers all 140 ms: played whole, so the caller talking after it cuts nothing.
    bridge.onTwilio(twilio.mark("m1"), 300);
    expect(bridge.onOpenAI(openai.speechStarted, 310)).toEqual([]);
    expect(toTwilio(bridge.onOpenAI(openai.audioDone("item_a"), 320))).toEqual([]);
  });

  it("sends a 100 ms audio delta to Twilio as it is", () => {
    const bridge = fresh();
    expect(toTwilio(bridge.onOpenAI(openai.audioDelta("item_a"), 100))).toEqual([{ event: "media", streamSid: STREAM, media: { payload: CHUNK_100MS } }]);
  });

  it("on barge-in clears Twilio, then truncates at the audio Twilio's clock says was played", () => {
    const bridge = fresh();
    bridge.onTwilio(twilio.media(0), 100);
    // 300 ms of audio sent at once when Twilio's clock read 0: it plays until 300.
    for (let i = 0; i < 3; i++) bridge.onOpenAI(openai.audioDelta("item_a"), 100 + i);
    bridge.onTwilio(twilio.media(180), 280);
    bridge.onTwilio(twilio.media(200), 300);
    const actions = bridge.onOpenAI(openai.speechStarted, 320);
    expect(actions).toEqual([
      { kind: "twilio", message: { event: "clear", streamSid: STREAM } },
      { kind: "openai", event: { type: "conversation.item.truncate", item_id: "item_a", content_index: 0, audio_end_ms: 200 } },
    ]);
    expect(bridge.onTwilio(twilio.mark("m1"), 330)).toEqual([]);
    expect(bridge.onOpenAI(openai.speechStarted, 400)).toEqual([]);
  });

  it("counts a pause in the model's audio as unplayed time: what follows it plays from when it came", () => {
    const bridge = fresh();
    bridge.onTwilio(twilio.media(0), 0);
    bridge.onOpenAI(openai.audioDelta("item_a"), 10);
    // Played out by 100; the next 100 ms comes at 500 and plays until 600.
    bridge.onTwilio(twilio.media(500), 500);
    bridge.onOpenAI(openai.audioDelta("item_a"), 510);
    bridge.onTwilio(twilio.media(560), 560);
    expect(toOpenAI(bridge.onOpenAI(openai.speechStarted, 570))).toEqual([
      { type: "conversation.item.truncate", item_id: "item_a", content_index: 0, audio_end_ms: 160 },
    ]);
  });

  it("reads Twilio's clock from a media frame in any key order", () => {
    const bridge = fresh();
    bridge.onOpenAI(openai.audioDelta("item_a"), 10);
    bridge.onTwilio(JSON.stringify({ streamSid: STREAM, event: "media", media: { payload: CHUNK_20MS, timestamp: "60", track: "inbound" } }), 60);
    expect(toOpenAI(bridge.onOpenAI(openai.speechStarted, 70))).toEqual([
      { type: "conversation.item.truncate", item_id: "item_a", content_index: 0, audio_end_ms: 60 },
    ]);
  });

  it("truncates at 0 ms when nothing has played yet, and ignores marks of an earlier item", () => {
    const bridge = fresh();
    bridge.onOpenAI(openai.audioDelta("item_a"), 100);
    bridge.onOpenAI(openai.audioDone("item_a"), 150);
    bridge.onOpenAI(openai.audioDelta("item_b"), 200);
    bridge.onTwilio(twilio.mark("m1"), 210);
    expect(toOpenAI(bridge.onOpenAI(openai.speechStarted, 220))).toEqual([
      { type: "conversation.item.truncate", item_id: "item_b", content_index: 0, audio_end_ms: 0 },
    ]);
  });

  it("does nothing on speech when Nikki is not talking", () => {
    expect(fresh().onOpenAI(openai.speechStarted, 10)).toEqual([]);
  });

  it("passes tool calls out and their results back, then asks for the answer", () => {
    const bridge = fresh();
    expect(bridge.onOpenAI(openai.functionCall("book_appointment", { name: "Ada", phone: "+14155552671" }), 10)).toEqual([
      { kind: "tool", callId: "call_abc", name: "book_appointment", arguments: '{"name":"Ada","phone":"+14155552671"}' },
    ]);
    expect(toOpenAI(bridge.toolResult("call_abc", { booked: true }))).toEqual([
      { type: "conversation.item.create", item: { type: "function_call_output", call_id: "call_abc", output: '{"booked":true}' } },
      { type: "response.create" },
    ]);
  });

  it("records both sides of the transcript with the time into the call", () => {
    const bridge = fresh();
    expect(bridge.onOpenAI(openai.userTranscript(" I need a plumber "), 1500)).toEqual([
      { kind: "transcript", role: "user", text: "I need a plumber", atMs: 1500 },
    ]);
    expect(bridge.onOpenAI(openai.assistantTranscript("Happy to help."), 2500)).toEqual([
      { kind: "transcript", role: "assistant", text: "Happy to help.", atMs: 2500 },
    ]);
  });

  it("ends once on Twilio stop, and ignores everything after", () => {
    const bridge = fresh();
    expect(bridge.onTwilio(twilio.stop, 10)).toEqual([{ kind: "end", reason: "twilio_stop" }]);
    expect(bridge.onClosed("openai_closed")).toEqual([]);
    expect(bridge.onOpenAI(openai.audioDelta("item_a"), 20)).toEqual([]);
  });

  it("at the time limit asks Nikki to say goodbye, then ends when that response is done", () => {
    const bridge = fresh(60_000);
    expect(bridge.onTick(59_999)).toEqual([]);
    expect(bridge.onTick(60_000)).toEqual([{ kind: "openai", event: { type: "response.create", response: { instructions: "Say goodbye." } } }]);
    expect(bridge.onTick(61_000)).toEqual([]);
    expect(bridge.onOpenAI(openai.responseDone, 62_000)).toEqual([{ kind: "end", reason: "time_limit" }]);
  });

  it("measures base64 audio without decoding it", () => {
    expect(base64Length(CHUNK_20MS)).toBe(160);
    expect(base64Length(CHUNK_100MS)).toBe(800);
  });
});
