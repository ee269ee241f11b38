import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";
import { book, bookingOrganization, localStart } from "./booking";
import { BASE } from "./post-json";
import { callSid, twilioPost } from "./twilio";

async function listen(who: SignedUp, origin = BASE) {
  const response = await SELF.fetch(`${BASE}/api/events`, { headers: { upgrade: "websocket", cookie: who.cookie, origin } });
  if (!response.webSocket) return { status: response.status, received: [] as unknown[] };
  const socket = response.webSocket;
  socket.accept();
  const received: unknown[] = [];
  socket.addEventListener("message", (event) => void received.push(JSON.parse(String(event.data))));
  const closed: { code: number; reason: string }[] = [];
  socket.addEventListener("close", (event) => void closed.push({ code: event.code, reason: event.reason }));
  return { status: response.status, received, socket, closed };
}

describe("GET /api/events: the dashboard's live channel", () => {
  it("tells an organization's open dashboards when one of its calls changes, and nobody else", async () => {
    const owner = await signUp({ company: "Live Plumbing" });
    const stranger = await signUp({ company: "Other Plumbing" });
    const mine = await listen(owner);
    const theirs = await listen(stranger);
    expect(mine.status).toBe(101);

    const sid = callSid();
    const id = crypto.randomUUID();
    await env.DB.prepare("insert into calls (id, call_sid, organization_id, from_number, to_number) values (?, ?, ?, '+14155550100', '+17375550100')")
      .bind(id, sid, owner.organizationId)
      .run();
    expect((await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "42" })).status).toBe(204);

    // Its stream never started: the dashboards are told once, when it is recorded as a call the AI never took.
    await expect.poll(() => mine.received).toEqual([{ type: "call", id, processing_status: "skipped" }]);
    expect(theirs.received).toEqual([]);
    mine.socket?.close();
    theirs.socket?.close();
  });

  it("tells them when an appointment is booked and when it is canceled (an Appointments tab updates live)", async () => {
    const org = await bookingOrganization("Live Agenda Co");
    const open = await listen(org.owner);
    const response = await book(org.owner, { service_id: org.serviceId, start: localStart(3, "10:00"), name: "Ada Lovelace", phone: "+14155550100" });
    const { appointment } = (await response.json()) as { appointment: { id: string } };
    await call(`/api/appointments/${appointment.id}`, { method: "PATCH", cookie: org.owner.cookie, body: { status: "canceled" } });
    await expect
      .poll(() => open.received)
      .toEqual([
        { type: "appointment", id: appointment.id, status: "booked" },
        { type: "appointment", id: appointment.id, status: "canceled" },
      ]);
    open.socket?.close();
  });

  it("closes a member's open channel when the member is removed, and only theirs", async () => {
    const owner = await signUp({ company: "Parting Plumbing" });
    const leaving = await inviteAndJoin(owner, "viewer");
    const staying = await inviteAndJoin(owner, "viewer");
    const theirs = await listen(leaving);
    const ours = await listen(staying);
    expect(theirs.status).toBe(101);
    expect((await call(`/api/org/members/${leaving.memberId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    await expect.poll(() => theirs.closed).toEqual([{ code: 4403, reason: "You are no longer a member of this organization." }]);

    const sid = callSid();
    const id = crypto.randomUUID();
    await env.DB.prepare("insert into calls (id, call_sid, organization_id, from_number, to_number) values (?, ?, ?, '+14155550100', '+17375550100')")
      .bind(id, sid, owner.organizationId)
      .run();
    await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "5" });
    await expect.poll(() => ours.received).toEqual([{ type: "call", id, processing_status: "skipped" }]);
    expect(theirs.received).toEqual([]);
    expect(ours.closed).toEqual([]);
    ours.socket?.close();
  });

  it("is refused to another site (the cookie travels with a cross-site WebSocket), to visitors, and without an upgrade", async () => {
    const owner = await signUp({ company: "Guarded Plumbing" });
    expect((await listen(owner, "https://evil.example")).status).toBe(403);
    expect((await SELF.fetch(`${BASE}/api/events`, { headers: { upgrade: "websocket", origin: BASE } })).status).toBe(401);
    expect((await SELF.fetch(`${BASE}/api/events`, { headers: { cookie: owner.cookie, origin: BASE } })).status).toBe(426);
  });
});
