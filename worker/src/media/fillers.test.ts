import { TOOL_FILLERS } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { mintToken } from "../call/stream-ticket";
import { SIMULATED } from "../../test/simulators";
import { LOUD, SILENT, callSid, mediaMessage, startMessage, until } from "../../test/twilio";
import type { CallEnd, ToolOutput, ToolRequest } from "../call/plan";
import { mediaCall, openSigned, plan } from "../../test/media-call";

const [FIRST, SECOND] = TOOL_FILLERS.en;
const SLOT = { start: "2026-12-01T09:00:00-05:00", label: "Tuesday, December 1 at 9:00 AM" };

/** What the test's control plane answers each tool, after `slowMs` for check_availability. */
function tools(slowMs: number, calls: { name: string; at: number; answeredAt?: number }[]) {
  return async (_sid: string, request: ToolRequest): Promise<ToolOutput> => {
    const call: (typeof calls)[number] = { name: request.name, at: Date.now() };
    calls.push(call);
    if (request.name === "check_availability") await new Promise((resolve) => setTimeout(resolve, slowMs));
    call.answeredAt = Date.now();
    return request.name === "check_availability" ? { ok: true, slots: [SLOT] } : { ok: true, booked_for: SLOT.label, confirmation_code: "K7Q2PX" };
  };
}

/**
 * One booking call through the real bridge and the OpenAI simulator (its booking script: check_availability, then
 * book_appointment), with Twilio's side playing at once whatever it is sent (each mark echoed when it comes). Returns
 * when each media frame came, the tools' times, what the bridge asked of the model, and the call's end.
 */
async function bookingCall(slowMs: number) {
  const sid = callSid();
  const token = mintToken();
  const ends: CallEnd[] = [];
  const calls: { name: string; at: number; answeredAt?: number }[] = [];
  const { call, offer } = mediaCall(sid, { ends, tool: tools(slowMs, calls) });
  const marker = crypto.randomUUID();
  const base = await plan(sid, token);
  offer({ ...base, sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: marker } }) });
  const stream = await openSigned(call, sid);
  const mediaAt: number[] = [];
  stream.socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { event: string; mark?: { name: string } };
    if (message.event === "media") mediaAt.push(Date.now());
    if (message.event === "mark") stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${sid.slice(2)}`, mark: message.mark }));
  });
  stream.socket.send(startMessage(sid, { callId: "call", token }));
  await until(() => mediaAt.length > 0);
  // The greeting plays out, then the caller asks for a booking and stops talking.
  await new Promise((resolve) => setTimeout(resolve, 300));
  let t = 0;
  for (let i = 0; i < 15; i++) stream.socket.send(mediaMessage(sid, (t += 20), LOUD));
  for (let i = 0; i < 30; i++) stream.socket.send(mediaMessage(sid, (t += 20), SILENT));
  await until(() => ends.length === 0 && calls.some((c) => c.name === "book_appointment"), 15_000);
  // The read-back, whole, then the caller hangs up.
  await new Promise((resolve) => setTimeout(resolve, 800));
  stream.socket.send(JSON.stringify({ event: "stop", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
  await until(() => ends.length === 1);
  const sessions = (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as Record<string, unknown>[][];
  const received = sessions.find((session) => JSON.stringify(session).includes(marker)) ?? [];
  const outOfBand = received.filter((event) => event.type === "response.create" && (event.response as { conversation?: string })?.conversation === "none");
  return { mediaAt, calls, outOfBand, transcript: ends[0]!.transcript.map((entry) => entry.content) };
}

describe("no dead air while a tool runs (issue 37 §2), through the bridge and the OpenAI simulator", { timeout: 30_000 }, () => {
  it("a 3 s tool: the caller hears a filler from 700 ms, a second 2 s later, and the tool's answer after them", async () => {
    const { mediaAt, calls, outOfBand, transcript } = await bookingCall(3_000);
    const slow = calls.find((c) => c.name === "check_availability")!;
    // Two fillers asked for, out of band, word for word; none for the fast booking tool after it.
    expect(outOfBand.map((event) => JSON.stringify(event))).toEqual([expect.stringContaining(FIRST), expect.stringContaining(SECOND)]);
    // Audio reaches the caller while the tool runs: first at 700 ms (the simulator's first audio is immediate, so it is held until due).
    const whileRunning = mediaAt.filter((at) => at > slow.at && at < slow.answeredAt!);
    expect(whileRunning.length).toBeGreaterThan(0);
    expect(whileRunning[0]! - slow.at).toBeGreaterThanOrEqual(650);
    expect(whileRunning[0]! - slow.at).toBeLessThan(1_500);
    // The transcript says what the caller heard, in order: the fillers, then the tool's answer (the booking read back).
    const first = transcript.indexOf(FIRST);
    const second = transcript.indexOf(SECOND);
    const answer = transcript.findIndex((line) => line.includes("K7Q2PX"));
    expect(first, JSON.stringify(transcript)).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(answer).toBeGreaterThan(second);
  });

  it("a fast tool gets no filler: nothing is asked out of band, nothing extra is heard or written", async () => {
    const { outOfBand, transcript } = await bookingCall(0);
    expect(outOfBand).toEqual([]);
    expect(transcript.filter((line) => line === FIRST || line === SECOND)).toEqual([]);
    expect(transcript.some((line) => line.includes("K7Q2PX"))).toBe(true);
  });
});
