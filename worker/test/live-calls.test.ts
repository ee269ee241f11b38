/**
 * Issue 56, the owner in the loop, through both planes: a call in progress is under Live now; its live view starts from
 * the lines said so far and its socket brings each new one; a note reaches the model as a system item and its next
 * answer carries it (the simulated model honours it as a real one would), shown to owners as "Owner note", never in
 * the transcript; End call has the agent say goodbye (in the caller's language) and the call ends, after which every
 * live route answers 409.
 * Viewers are refused, another organization finds no call, and each watch, note and end is audited.
 */
import {
  type CallLatency,
  LIVE_CALL_MESSAGES,
  type LiveCallMessage,
  type LiveCallResource,
  type LiveCallView,
  NOTES_PER_CALL,
  displayPhone,
  endCallLine,
} from "@nikki/core";
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { planeRequest } from "../src/call/plane-auth";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { gracesNumber } from "./live-practice";
import { BASE } from "./post-json";
import { liveCall } from "./spoken-call";
import { callSid, until } from "./twilio";

const CALLER = "+14155550156";
const NOTE = "Offer the 10% new-patient discount";

let owner: SignedUp;
let viewer: SignedUp;
let other: SignedUp;
let number: string;

beforeAll(async () => {
  owner = await signUp({ company: "Live Dental" });
  viewer = await inviteAndJoin(owner, "viewer");
  other = await signUp({ company: "Other Dental" });
  number = await gracesNumber(owner);
});

const json = async <T>(response: Response, status = 200) => {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
};

/** The live view's socket, as the dashboard opens it (same-site Origin, the member's cookie); its messages as they come. */
async function watch(callId: string, who: SignedUp) {
  const response = await SELF.fetch(`${BASE}/api/calls/${callId}/live`, {
    headers: { upgrade: "websocket", cookie: who.cookie, origin: BASE },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: { at: number; message: LiveCallMessage }[] = [];
  socket.accept();
  socket.addEventListener("message", (event) => messages.push({ at: Date.now(), message: JSON.parse(String(event.data)) as LiveCallMessage }));
  return { socket, messages };
}

describe("a call in progress, watched and steered by its owner", { timeout: 90_000 }, () => {
  it("is live, its lines reach the watcher, a note steers the next answer, and End call ends it", async () => {
    const sid = callSid();
    const live = await liveCall(sid, CALLER, number);

    // Live now: the call, its caller and agent; `/live` is no call's id (matched before /:id).
    const { calls } = await json<{ calls: LiveCallResource[] }>(await call("/api/calls/live", { cookie: owner.cookie }));
    expect(calls).toEqual([
      expect.objectContaining({
        id: live.callId,
        from_number: CALLER,
        agent_name: "Grace",
        state: "talking",
        caller: { name: null, returning: false, previous_calls: 0 },
      }),
    ]);
    expect((await json<{ calls: LiveCallResource[] }>(await call("/api/calls/live", { cookie: other.cookie }))).calls).toEqual([]);
    const overview = await json<{ overview: { live_calls: number } }>(await call("/api/overview", { cookie: owner.cookie }));
    expect(overview.overview.live_calls).toBe(1);

    // Viewers are refused every live route; another organization finds no call.
    for (const [path, body] of [
      ["/api/calls/live", undefined],
      [`/api/calls/${live.callId}/live`, undefined],
      [`/api/calls/${live.callId}/note`, { text: NOTE }],
      [`/api/calls/${live.callId}/take-over`, { number: "+14155550100" }],
      [`/api/calls/${live.callId}/end`, {}],
    ] as const) {
      expect((await call(path, { cookie: viewer.cookie, ...(body ? { body } : {}) })).status).toBe(403);
      if (path !== "/api/calls/live") expect((await call(path, { cookie: other.cookie, ...(body ? { body } : {}) })).status).toBe(404);
    }

    const watcher = await watch(live.callId, owner);
    await live.say("Hi, this is Ada Lovelace. Do you take new patients?");
    const view = await json<LiveCallView>(await call(`/api/calls/${live.callId}/live`, { cookie: owner.cookie }));
    expect(view.transcript.map((line) => line.role)).toEqual(["assistant", "user", "assistant"]);
    expect(view.transcript[1]!.text).toBe("Hi, this is Ada Lovelace. Do you take new patients?");
    expect(view.state).toBe("talking");
    // The greeting and the answer timed: the answer voice to voice, its own p50 and p90 while it is the only one.
    expect(view.latency).toMatchObject({ greeting_ms: expect.any(Number), turns: 1 });
    expect([view.latency.voice_to_voice_p50_ms, view.latency.voice_to_voice_p90_ms]).toEqual([view.latency.last_ms, view.latency.last_ms]);
    // A batch whose figures are not numbers is refused at the edge, the view's as it was.
    const malformed = await SELF.fetch(
      await planeRequest(env.AUTH_SECRET!, `${BASE}/internal/calls/${sid}/live`, {
        first: 9,
        lines: [],
        done_at: [],
        latency: { greeting_ms: null, first_turn: 1, voice_to_voice_ms: ["fast"] },
      }),
    );
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    expect((await json<LiveCallView>(await call(`/api/calls/${live.callId}/live`, { cookie: owner.cookie }))).latency).toEqual(view.latency);
    // The socket brought the same lines as they were said.
    const streamed = watcher.messages.flatMap(({ message }) => (message.type === "lines" ? message.lines : []));
    expect(streamed.map((line) => line.text)).toEqual(expect.arrayContaining(view.transcript.slice(1).map((line) => line.text)));

    // A note: the next answer carries its offer, in the model's words; the note is shown as the owner's, never in the transcript.
    const noted = await json<{ note: { id: string; text: string; at: string } }>(
      await call(`/api/calls/${live.callId}/note`, { cookie: owner.cookie, body: { text: `  ${NOTE}  ` } }),
      201,
    );
    expect(noted.note.text).toBe(NOTE);
    expect((await call(`/api/calls/${live.callId}/note`, { cookie: owner.cookie, body: { text: "x".repeat(501) } })).status).toBe(400);
    await live.say("My number is +1 415 555 0156.");
    const after = await json<LiveCallView>(await call(`/api/calls/${live.callId}/live`, { cookie: owner.cookie }));
    expect(after.transcript.at(-1)?.text).toMatch(/^By the way, we can offer you the 10% new-patient discount\./);
    expect(after.events).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "owner_note", text: NOTE })]));
    expect(after.transcript.some((line) => line.text.includes(NOTE))).toBe(false);
    // A call takes NOTES_PER_CALL notes, no more.
    for (let n = 2; n <= NOTES_PER_CALL; n++)
      expect((await call(`/api/calls/${live.callId}/note`, { cookie: owner.cookie, body: { text: `Note ${n}` } })).status).toBe(201);
    expect((await call(`/api/calls/${live.callId}/note`, { cookie: owner.cookie, body: { text: "One too many" } })).status).toBe(429);

    // Take over asks whom to ring: what is no phone is refused on its field; with none typed and none on the profile, it asks for one.
    for (const [body, message] of [
      [{ number: "call me" }, LIVE_CALL_MESSAGES.phone],
      [{}, LIVE_CALL_MESSAGES.phoneNeeded],
    ] as const) {
      const refused = await call(`/api/calls/${live.callId}/take-over`, { cookie: owner.cookie, body });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ number: message });
    }

    // End call: the agent says goodbye, the call ends, the watcher is told, and the call answers 409 from then on.
    expect((await call(`/api/calls/${live.callId}/end`, { cookie: owner.cookie, body: {} })).status).toBe(202);
    await until(() => watcher.messages.some(({ message }) => message.type === "ended"), 20_000);
    const ended = await until(async () => {
      const row = await env.DB.prepare("select ended_at, transcript, owner_notes, metrics from calls where id = ?")
        .bind(live.callId)
        .first<Record<string, string | null>>();
      return row?.ended_at && row.transcript && row.metrics ? { transcript: row.transcript, owner_notes: row.owner_notes ?? "[]", metrics: row.metrics } : null;
    }, 20_000);
    const transcript = JSON.parse(ended.transcript) as { role: string; content: string }[];
    expect(transcript.at(-1)?.content).toMatch(/goodbye/i);
    expect(ended.transcript).not.toContain(NOTE);
    expect(JSON.parse(ended.owner_notes)).toHaveLength(NOTES_PER_CALL);
    // The live view's response time was the stored call's, turn by turn: each answer voice to voice as calls.metrics
    // keeps it, and at the end the same p50 and p90 the detail words as "N ms typical, M ms slowest".
    const metrics = JSON.parse(ended.metrics) as CallLatency;
    const watched = watcher.messages.flatMap(({ message }) => (message.type === "lines" ? [message.latency] : []));
    expect(metrics.turns.length).toBeGreaterThanOrEqual(2);
    for (const latency of watched.filter((each) => each.turns > 0)) expect(latency.last_ms).toBe(metrics.turns[latency.turns - 1]!.voice_to_voice_ms);
    expect(watched.at(-1)).toEqual({
      greeting_ms: metrics.greeting_ms,
      turns: metrics.turns.length,
      last_ms: metrics.turns.at(-1)!.voice_to_voice_ms,
      voice_to_voice_p50_ms: metrics.voice_to_voice_p50_ms,
      voice_to_voice_p90_ms: metrics.voice_to_voice_p90_ms,
    });
    // The stored call shows the notes to owners and admins, apart from the transcript; a viewer reads none.
    const detail = await json<{ call: { owner_notes: { text: string; by: string }[]; transcript: { content: string }[] } }>(
      await call(`/api/calls/${live.callId}`, { cookie: owner.cookie }),
    );
    expect(detail.call.owner_notes[0]).toMatchObject({ text: NOTE, by: expect.any(String) });
    expect(detail.call.transcript.some((entry) => entry.content.includes(NOTE))).toBe(false);
    const viewed = await json<{ call: { owner_notes: unknown[] } }>(await call(`/api/calls/${live.callId}`, { cookie: viewer.cookie }));
    expect(viewed.call.owner_notes).toEqual([]);
    for (const [path, body] of [
      [`/api/calls/${live.callId}/live`, undefined],
      [`/api/calls/${live.callId}/note`, { text: NOTE }],
      [`/api/calls/${live.callId}/end`, {}],
    ] as const) {
      const refused = await call(path, { cookie: owner.cookie, ...(body ? { body } : {}) });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("call_ended");
    }
    expect((await json<{ calls: LiveCallResource[] }>(await call("/api/calls/live", { cookie: owner.cookie }))).calls).toEqual([]);

    const audited = await env.DB.prepare("select action from audit_log where organization_id = ? and target = ? order by created_at")
      .bind(owner.organizationId, live.callId)
      .all<{ action: string }>();
    expect(new Set(audited.results.map((row) => row.action))).toEqual(new Set(["call_watched", "call_note_sent", "call_ended_by_owner"]));
    // The Activity log says it in words, naming the call by its caller.
    const { entries } = await json<{ entries: { target: string | null; summary: string }[] }>(await call("/api/org/audit", { cookie: owner.cookie }));
    const said = entries.filter((entry) => entry.target === live.callId).map((entry) => entry.summary);
    expect(said).toEqual(
      expect.arrayContaining([
        `Watched the call from ${displayPhone(CALLER)} live`,
        `Sent a note to the agent on the call from ${displayPhone(CALLER)}`,
        `Ended the call from ${displayPhone(CALLER)} from the live view`,
      ]),
    );
  });

  it("ends a Spanish caller's call with the goodbye in Spanish", async () => {
    const live = await liveCall(callSid(), "+14155550157", number);
    await live.say("Hola, soy Lucía Fernández. ¿Tienen citas para mañana por la mañana?");
    expect((await call(`/api/calls/${live.callId}/end`, { cookie: owner.cookie, body: {} })).status).toBe(202);
    const stored = await until(
      () => env.DB.prepare("select transcript from calls where id = ? and ended_at is not null").bind(live.callId).first<string | null>("transcript"),
      20_000,
    );
    // What the agent said last, as the model spoke it to the caller: the Spanish goodbye, not the English one.
    const said = (JSON.parse(stored) as { role: string; content: string }[]).filter((entry) => entry.role === "assistant").at(-1)?.content;
    expect(said).toBe(endCallLine("es"));
    expect(said).not.toBe(endCallLine("en"));
  });
});
