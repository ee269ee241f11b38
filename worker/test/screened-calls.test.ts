import { SILENT_AFTER_GREETING_MS, callCostMicroUsd } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { SIMULATED } from "./simulators";
import { LOUD, SILENT, callSid, mediaMessage, openStream, startMessage, twilioPost, until } from "./twilio";

const ALWAYS_OPEN = JSON.stringify(
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
);

const inbound = (sid: string, from: string) =>
  twilioPost("/twilio/voice/inbound", {
    CallSid: sid,
    AccountSid: env.TWILIO_ACCOUNT_SID!,
    From: from,
    To: DEMO.phoneNumber,
    Direction: "inbound",
    CallStatus: "ringing",
  });

const hungUp = (sid: string, seconds: number) =>
  twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: String(seconds), AccountSid: env.TWILIO_ACCOUNT_SID! });

const callRow = (sid: string) => env.DB.prepare("select * from calls where call_sid = ?").bind(sid).first<Record<string, string | number | null>>();

/** Twilio's updates to a live call (the REST simulator's log): how the product hung it up. */
const callUpdates = async (sid: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter((request) =>
    request.path.endsWith(`/Calls/${sid}.json`),
  );

/**
 * Answers a call and opens its stream as Twilio does; each mark Nikki sends is echoed once the audio before it has
 * played (20 ms a frame from her first), as Twilio echoes it: a greeting rendered ahead arrives whole at once.
 */
async function streamedCall(from: string) {
  const sid = callSid();
  const twiml = await (await inbound(sid, from)).text();
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(twiml)?.[1];
  const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)?.[1];
  expect(callId && token, twiml).toBeTruthy();
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId: callId!, token: token! }));
  let echoed = 0;
  let firstAudioAt: number | null = null;
  const echo = setInterval(() => {
    if (firstAudioAt === null && stream.received.some((m) => m.event === "media")) firstAudioAt = Date.now();
    let frames = 0;
    const marks: { mark: unknown; playedAt: number }[] = [];
    for (const message of stream.received) {
      if (message.event === "media") frames++;
      else if (message.event === "mark") marks.push({ mark: message.mark, playedAt: (firstAudioAt ?? 0) + frames * 20 });
    }
    for (; echoed < marks.length && Date.now() >= marks[echoed]!.playedAt; echoed++)
      stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${sid.slice(2)}`, mark: marks[echoed]!.mark }));
  }, 20);
  return { sid, stream, stop: () => clearInterval(echo) };
}

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
  await env.DB.prepare("update agents set hours_json = ? where id = ?").bind(ALWAYS_OPEN, DEMO.agentId).run();
});

describe("screened calls through the bridge (issue 37 §5)", { timeout: 40_000 }, () => {
  it("says goodbye to a caller silent for 10 s after the greeting, hangs up, and stores a silent call nothing analyses or bills as AI", async () => {
    const { sid, stream, stop } = await streamedCall("+14155550311");
    let t = 0;
    const silence = setInterval(() => stream.socket.send(mediaMessage(sid, (t += 20), SILENT)), 20);
    try {
      await until(() => stream.received.some((m) => m.event === "media"));
      const greetingAt = Date.now();
      // The greeting, then 10 s of silence: Twilio is told to hang up, and the stream is closed.
      await until(async () => (await callUpdates(sid)).length > 0, SILENT_AFTER_GREETING_MS + 8_000);
      expect(Date.now() - greetingAt).toBeGreaterThanOrEqual(SILENT_AFTER_GREETING_MS);
      expect((await callUpdates(sid))[0]?.form).toMatchObject({ Status: "completed" });
      await until(() => stream.closed());
    } finally {
      clearInterval(silence);
      stop();
    }
    const call = await until(async () => {
      const row = await callRow(sid);
      return row?.screened ? row : null;
    });
    expect(call).toMatchObject({ screened: "silent", processing_status: "processed", summary: null, model_used: null });
    const transcript = JSON.parse(String(call.transcript)) as { role: string; content: string }[];
    // The greeting and the goodbye, and nothing from the caller.
    expect(transcript.map((entry) => entry.role)).toEqual(["assistant", "assistant"]);
    expect(transcript[1]?.content).toContain("hang up");

    expect((await hungUp(sid, 13)).status).toBe(204);
    // Its telephony alone; never analysed (its session forgets it with no analysis, no text, no alert).
    const ended = await until(async () => {
      const row = await callRow(sid);
      return row?.duration_seconds ? row : null;
    });
    expect(ended).toMatchObject({ cost_micro_usd: callCostMicroUsd(13, false), processing_status: "processed", summary: null, alerted_at: null });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await callRow(sid)).toMatchObject({ processing_status: "processed", summary: null, model_used: null, alerted_at: null });
  });

  it("hangs up on a recording that talks over the greeting without pausing, and stores it as spam (talk_over)", async () => {
    const { sid, stream, stop } = await streamedCall("+14155550312");
    let t = 0;
    const speech = setInterval(() => stream.socket.send(mediaMessage(sid, (t += 20), LOUD)), 20);
    try {
      await until(async () => (await callUpdates(sid)).length > 0, 15_000);
      await until(() => stream.closed());
    } finally {
      clearInterval(speech);
      stop();
    }
    const call = await until(async () => {
      const row = await callRow(sid);
      return row?.screened ? row : null;
    });
    expect(call).toMatchObject({ screened: "talk_over", processing_status: "processed", summary: null });
    expect((await hungUp(sid, 8)).status).toBe(204);
    expect(await until(async () => ((await callRow(sid))?.duration_seconds ? callRow(sid) : null))).toMatchObject({
      cost_micro_usd: callCostMicroUsd(8, false),
    });
  });
});

describe("spam answered before any model cost (issue 37 §5)", () => {
  const insertEarlierCalls = async (from: string, n: number, minutesAgo: number) => {
    for (let i = 0; i < n; i++)
      await env.DB.prepare(
        "insert into calls (id, call_sid, organization_id, from_number, to_number, status, created_at) values (?, ?, ?, ?, ?, 'completed', ?)",
      )
        .bind(crypto.randomUUID(), callSid(), DEMO.organizationId, from, DEMO.phoneNumber, Date.now() - minutesAgo * 60_000)
        .run();
  };

  it("hangs up on a blocked number with a short message: no stream, no spend held, stored as spam, its telephony alone", async () => {
    const blocked = "+14155550313";
    await env.DB.prepare("update organization_settings set blocked_numbers = ? where organization_id = ?")
      .bind(JSON.stringify([blocked]), DEMO.organizationId)
      .run();
    const sid = callSid();
    const twiml = await (await inbound(sid, blocked)).text();
    expect(twiml).toContain("Sorry, this number can&apos;t take your call. Goodbye.");
    expect(twiml).toContain("<Hangup/>");
    expect(twiml).not.toContain("<Stream");
    expect(twiml).not.toContain("<Recording");
    expect(await callRow(sid)).toMatchObject({ screened: "blocked", processing_status: "processed", kind: "conversation" });
    expect((await hungUp(sid, 5)).status).toBe(204);
    // The call ends with Twilio's own status: never "in progress" for good.
    expect(await callRow(sid)).toMatchObject({
      status: "completed",
      duration_seconds: 5,
      cost_micro_usd: callCostMicroUsd(5, false),
      processing_status: "processed",
    });
  });

  it("treats a sixth call in 10 minutes from one number as a robocall, and five as callers", async () => {
    const caller = "+14155550314";
    await insertEarlierCalls(caller, 4, 2);
    await insertEarlierCalls(caller, 3, 11);
    const fifth = callSid();
    expect(await (await inbound(fifth, caller)).text()).toContain("<Stream");
    await hungUp(fifth, 0);
    const sixth = callSid();
    const twiml = await (await inbound(sixth, caller)).text();
    expect(twiml).not.toContain("<Stream");
    expect(twiml).toContain("<Hangup/>");
    expect(await callRow(sixth)).toMatchObject({ screened: "repeat_caller", processing_status: "processed" });
    expect((await hungUp(sixth, 3)).status).toBe(204);
    expect(await callRow(sixth)).toMatchObject({ status: "completed", duration_seconds: 3, cost_micro_usd: callCostMicroUsd(3, false) });
  });
});
