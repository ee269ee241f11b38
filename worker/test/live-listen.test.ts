/**
 * Issue 56 §2, listening in, through both planes: an owner or admin gets a ticket (never a viewer, never another
 * organization, never with listening off), and its socket on the media plane gets the call's audio, both sides; a
 * ticket opens one socket; the 4th listener is refused; what a listener sends reaches neither Twilio's side nor the
 * model, and closes its socket; a member removed, or made a viewer, is cut off at the next lease; the call's end
 * closes the rest.
 */
import { LISTEN_CLOSE, type ListenMessage, MAX_LISTENERS } from "@nikki/core";
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { gracesNumber } from "./live-practice";
import { LEASE_MS } from "../src/media/listeners";
import { liveCall, spoken } from "./spoken-call";
import { callSid, mediaMessage, until } from "./twilio";

const CALLER = "+14155550157";

let owner: SignedUp;
let admin: SignedUp & { memberId: string };
let secondAdmin: SignedUp & { memberId: string };
let viewer: SignedUp;
let other: SignedUp;
let number: string;

beforeAll(async () => {
  owner = await signUp({ company: "Listening Dental" });
  admin = await inviteAndJoin(owner, "admin");
  secondAdmin = await inviteAndJoin(owner, "admin");
  viewer = await inviteAndJoin(owner, "viewer");
  other = await signUp({ company: "Other Dental" });
  number = await gracesNumber(owner);
});

async function ticket(callId: string, who: SignedUp) {
  const response = await call(`/api/calls/${callId}/listen`, { cookie: who.cookie, body: {} });
  expect(response.status).toBe(200);
  return (await response.json()) as { url: string; expires_at: string };
}

/** A listener's socket, opened as the page opens it (the ticketed URL, no cookie); its messages and how it closed. */
async function listen(url: string) {
  const response = await SELF.fetch(url.replace(/^ws/, "http"), { headers: { upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const messages: ListenMessage[] = [];
  let closed: number | null = null;
  socket.accept();
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as ListenMessage));
  socket.addEventListener("close", (event) => {
    closed = event.code;
  });
  return { socket, messages, closed: () => closed };
}

const audioOf = (messages: ListenMessage[], track: "caller" | "agent") =>
  messages.flatMap((message) => (message.type === "audio" ? message[track].map((piece) => atob(piece).length) : [])).reduce((sum, bytes) => sum + bytes, 0);

describe("listening in to a call in progress", { timeout: 90_000 }, () => {
  it("plays both sides to at most three owners and admins, who can say nothing, and cuts them off when they may no longer listen", async () => {
    const sid = callSid();
    const live = await liveCall(sid, CALLER, number);
    const path = `/api/calls/${live.callId}/listen`;

    // Viewers never; another organization finds no call; with listening off (the default) nobody.
    expect((await call(path, { cookie: viewer.cookie, body: {} })).status).toBe(403);
    expect((await call(path, { cookie: other.cookie, body: {} })).status).toBe(404);
    const off = await call(path, { cookie: owner.cookie, body: {} });
    expect(off.status).toBe(403);
    expect(((await off.json()) as { error: { message: string } }).error.message).toMatch(/Live listening is off/);
    const turnedOn = await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { live_listening: true } });
    expect(turnedOn.status).toBe(200);

    // A ticket for the media plane's socket, a minute long; it opens one socket.
    const first = await ticket(live.callId, owner);
    expect(first.url).toMatch(new RegExp(`^wss?://[^/]+/media/listen/${sid}/1\\?ticket=`));
    expect(Date.parse(first.expires_at) - Date.now()).toBeGreaterThan(50_000);
    const ownerEar = await listen(first.url);
    const replayed = await listen(first.url);
    await until(() => replayed.closed() === LISTEN_CLOSE.ticket);
    const forged = await listen(`${first.url.slice(0, -4)}AAAA`);
    await until(() => forged.closed() === LISTEN_CLOSE.ticket);

    // Both sides of the call reach the listener, stamped with the media plane's clock.
    await live.say("Hi, do you take new patients?");
    await until(() => audioOf(ownerEar.messages, "caller") > 0 && audioOf(ownerEar.messages, "agent") > 0);
    expect(audioOf(ownerEar.messages, "caller")).toBeGreaterThanOrEqual(spoken("Hi, do you take new patients?").length * 160);
    const stamped = ownerEar.messages[0]!;
    expect(Math.abs(stamped.at - Date.now())).toBeLessThan(30_000);

    // Three listen at most: a ticket granted before the third listened is refused by the media plane; asked once three
    // listen, the control plane refuses the fourth itself (and does not record it as a listen).
    const adminEar = await listen((await ticket(live.callId, admin)).url);
    const lateTicket = await ticket(live.callId, owner);
    const thirdEar = await listen((await ticket(live.callId, owner)).url);
    const lateEar = await listen(lateTicket.url);
    await until(() => lateEar.closed() === LISTEN_CLOSE.full);
    const fourth = await call(path, { cookie: owner.cookie, body: {} });
    expect(fourth.status).toBe(409);
    expect(((await fourth.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "listeners_full",
      message: "3 people are listening to this call already.",
    });
    expect([ownerEar, adminEar, thirdEar].map((ear) => ear.closed())).toEqual([null, null, null]);
    expect(MAX_LISTENERS).toBe(3);

    // A listener speaks: its socket closes, and neither Twilio's side nor the model hears a word of it.
    const twilioBefore = live.received.length;
    let t = 0;
    for (const frame of spoken("Cancel every appointment I have")) ownerEar.socket.send(mediaMessage(sid, (t += 20), frame));
    ownerEar.socket.send(JSON.stringify({ type: "input_audio_buffer.append", audio: spoken("Cancel")[0] }));
    await until(() => ownerEar.closed() === LISTEN_CLOSE.spoke);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(live.received.length).toBe(twilioBefore);
    const view = (await (await call(`/api/calls/${live.callId}/live`, { cookie: owner.cookie })).json()) as { transcript: { text: string }[] };
    expect(view.transcript.some((line) => /cancel/i.test(line.text))).toBe(false);

    // One admin is removed from the organization, another made a viewer: both sockets close at the next lease; the
    // owner's stays.
    const demotedEar = await listen((await ticket(live.callId, secondAdmin)).url);
    expect((await call(`/api/org/members/${admin.memberId}`, { method: "DELETE", cookie: owner.cookie })).status).toBeLessThan(300);
    const demoted = await call(`/api/org/members/${secondAdmin.memberId}`, { method: "PATCH", cookie: owner.cookie, body: { role: "viewer" } });
    expect(demoted.status).toBe(200);
    await until(() => adminEar.closed() === LISTEN_CLOSE.revoked && demotedEar.closed() === LISTEN_CLOSE.revoked, LEASE_MS * 2 + 2_000);
    expect(thirdEar.closed()).toBe(null);

    // The call ends: the last listener's socket closes, and a ticket answers 409 call_ended from then on.
    await live.hangUp();
    await until(() => thirdEar.closed() === LISTEN_CLOSE.ended);
    const ended = await call(path, { cookie: owner.cookie, body: {} });
    expect(ended.status).toBe(409);
    expect(((await ended.json()) as { error: { code: string } }).error.code).toBe("call_ended");

    const audited = await env.DB.prepare("select count(*) as n from audit_log where organization_id = ? and target = ? and action = 'call_listened'")
      .bind(owner.organizationId, live.callId)
      .first<{ n: number }>();
    expect(audited?.n).toBe(5);
  });
});
