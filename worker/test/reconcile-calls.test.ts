import { callCostMicroUsd } from "@nikki/core";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import worker from "../src/index";
import { RECONCILE_MARGIN_SECONDS, reconcileOpenCalls } from "../src/jobs/reconcile-calls";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { spentToday } from "./texting";
import { anyCaller, callSid, ringInbound, twilioPost, until } from "./twilio";

const TWILIO = `http://127.0.0.1:${SIMULATED.twilioPort}`;
const MINUTE = 60_000;

/** Twilio's record of an inbound call, as its caller reports it to the simulator (twilio-calls.ts): answered, then over. */
async function twilioKnows(sid: string, from: string, status: "in-progress" | "completed" | "no-answer", duration?: number) {
  const report = (body: object) =>
    fetch(`${TWILIO}/__calls/${sid}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answered = await report({ from, to: DEMO.phoneNumber, status: "in-progress" });
  expect(answered.status).toBe(200);
  if (status === "in-progress") return null;
  const ended = await report({ status, duration });
  expect(ended.status).toBe(200);
  return ((await ended.json()) as { call: { end_time: string; duration: string } }).call;
}

/** What the product asked Twilio about one call (the simulator's request log). */
const askedAbout = async (sid: string) =>
  ((await (await fetch(`${TWILIO}/__requests`)).json()) as { method: string; path: string }[]).filter(
    (request) => request.method === "GET" && request.path.endsWith(`/Calls/${sid}.json`),
  ).length;

const callRow = (sid: string) =>
  env.DB.prepare("select status, duration_seconds, cost_micro_usd, ended_at, processing_status, processing_error, screened from calls where call_sid = ?")
    .bind(sid)
    .first<Record<string, string | number | null>>();

/** A call Nikki took whose stream ended (its words kept and analysed), rung `minutesAgo`, its end never recorded. */
async function streamedCall(minutesAgo: number) {
  const sid = callSid();
  const from = anyCaller();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, agent_id, from_number, to_number, status, transcript, processing_status, created_at)
     values (?, ?, ?, ?, ?, ?, 'in-progress', '[{"role":"user","content":"Do you fix boilers?"}]', 'processed', ?)`,
  )
    .bind(crypto.randomUUID(), sid, DEMO.organizationId, DEMO.agentId, from, DEMO.phoneNumber, Date.now() - minutesAgo * MINUTE)
    .run();
  return { sid, from };
}

const reconcile = (now = new Date()) => reconcileOpenCalls(testServices(), env.CALL_SESSION, now);
/** The cron as Cloudflare runs it, at a time this far ahead of the clock. */
async function cronIn(ms: number) {
  const context = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(Date.now() + ms), cron: "* * * * *" }), env, context);
  await waitOnExecutionContext(context);
}

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
});

describe("calls whose final status callback never came, settled from Twilio's record by the cron", { timeout: 30_000 }, () => {
  it("settles one as its callback would have: Twilio's status, duration and end, its cost, one charge; a late callback and a second run change nothing", async () => {
    const { sid, from } = await streamedCall(20);
    const twilioSays = (await twilioKnows(sid, from, "completed", 75))!;
    const before = await spentToday(DEMO.organizationId);

    expect(await reconcile()).toMatchObject({ settled: 1 });
    const settled = await callRow(sid);
    expect(settled).toEqual({
      status: "completed",
      duration_seconds: 75,
      cost_micro_usd: callCostMicroUsd(75, true),
      ended_at: Date.parse(twilioSays.end_time),
      processing_status: "processed",
      processing_error: null,
      screened: null,
    });
    expect(await spentToday(DEMO.organizationId)).toBe(before + callCostMicroUsd(75, true));

    // Twilio's callback arrives late after all, then the cron runs again: charged once.
    const late = { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, CallStatus: "completed", CallDuration: "80" };
    expect((await twilioPost("/twilio/voice/status", late)).status).toBe(204);
    await reconcile(new Date(Date.now() + 10 * MINUTE));
    expect(await callRow(sid)).toEqual(settled);
    expect(await spentToday(DEMO.organizationId)).toBe(before + callCostMicroUsd(75, true));
    expect(await askedAbout(sid)).toBe(1);
  });

  it("leaves a call Twilio still has going for a later run, and does not ask about one not yet past its organization's longest call", async () => {
    const going = await streamedCall(30);
    await twilioKnows(going.sid, going.from, "in-progress");
    // The demo allows 900 s by default: 10 minutes after it rang, a call may still be going.
    const recent = await streamedCall(10);
    await twilioKnows(recent.sid, recent.from, "completed", 30);

    const counts = await reconcile();
    expect(counts.ongoing).toBeGreaterThanOrEqual(1);
    expect((await callRow(going.sid))?.status).toBe("in-progress");
    expect(await askedAbout(going.sid)).toBe(1);
    expect(await askedAbout(recent.sid)).toBe(0);
    expect((await callRow(recent.sid))?.status).toBe("in-progress");

    // With a 60 s limit, the margin past it has gone by.
    await env.DB.prepare("update organization_settings set max_call_seconds = 60 where organization_id = ?").bind(DEMO.organizationId).run();
    try {
      expect(10 * 60).toBeGreaterThan(60 + RECONCILE_MARGIN_SECONDS);
      await reconcile();
      expect(await callRow(recent.sid)).toMatchObject({ status: "completed", duration_seconds: 30 });
    } finally {
      await env.DB.prepare("update organization_settings set max_call_seconds = 900 where organization_id = ?").bind(DEMO.organizationId).run();
    }
  });

  it("leaves a call open when Twilio fails to answer, or has no such call, and settles it once Twilio answers", async () => {
    const { sid, from } = await streamedCall(20);
    await twilioKnows(sid, from, "completed", 12);
    const path = `/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Calls/${sid}.json`;
    expect((await fetch(`${TWILIO}/__faults`, { method: "POST", body: JSON.stringify({ path, count: 1, status: 503 }) })).status).toBe(201);
    await reconcile();
    expect((await callRow(sid))?.status).toBe("in-progress");
    await reconcile();
    expect(await callRow(sid)).toMatchObject({ status: "completed", duration_seconds: 12 });

    const unknown = await streamedCall(20);
    await reconcile();
    expect(await askedAbout(unknown.sid)).toBeGreaterThanOrEqual(1);
    expect((await callRow(unknown.sid))?.status).toBe("in-progress");
  });

  it("from the cron: a caller who left while the call connected ends abandoned, with nothing to process and its telephony alone charged", async () => {
    const sid = callSid();
    const from = anyCaller();
    expect(await (await ringInbound(sid, DEMO.phoneNumber, from)).text()).toContain("<Stream");
    await twilioKnows(sid, from, "completed", 3);
    const before = await spentToday(DEMO.organizationId);

    await cronIn(20 * MINUTE);
    expect(
      await until(async () => {
        const row = await callRow(sid);
        return row?.status !== "in-progress" && row;
      }),
    ).toMatchObject({
      status: "abandoned",
      duration_seconds: 3,
      processing_status: "skipped",
      processing_error: null,
      cost_micro_usd: callCostMicroUsd(3, false),
    });
    await until(async () => (await spentToday(DEMO.organizationId)) !== before);
    expect(await spentToday(DEMO.organizationId)).toBe(before + callCostMicroUsd(3, false));
  });

  it("a blocked caller's call ends with Twilio's status, its telephony alone charged", async () => {
    const blocked = anyCaller();
    await env.DB.prepare("update organization_settings set blocked_numbers = ? where organization_id = ?")
      .bind(JSON.stringify([blocked]), DEMO.organizationId)
      .run();
    const sid = callSid();
    expect(await (await ringInbound(sid, DEMO.phoneNumber, blocked)).text()).toContain("<Hangup/>");
    await twilioKnows(sid, blocked, "completed", 4);
    const before = await spentToday(DEMO.organizationId);

    await reconcile(new Date(Date.now() + 20 * MINUTE));
    expect(await callRow(sid)).toMatchObject({ status: "completed", duration_seconds: 4, screened: "blocked", cost_micro_usd: callCostMicroUsd(4, false) });
    expect(await spentToday(DEMO.organizationId)).toBe(before + callCostMicroUsd(4, false));
  });
});
