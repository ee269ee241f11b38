import { SELF, env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { planeRequest } from "../src/call/plane-auth";
import type { CallEndReason } from "../src/call/plan";
import { messageAfterDrop } from "../src/voice/dropped-call";
import { BASE } from "./post-json";
import { anyCaller, callSid, neverTaken, openStream, settledProcessing, startMessage, streamParameters, twilioPost, until } from "./twilio";

const ALWAYS_OPEN = JSON.stringify(
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [{ open: "00:00", close: "23:59" }]])),
);

const call = (sid: string, status: string) => ({
  CallSid: sid,
  AccountSid: env.TWILIO_ACCOUNT_SID!,
  From: anyCaller(),
  To: DEMO.phoneNumber,
  Direction: "inbound",
  CallStatus: status,
});

/** What Twilio is told to do next when the call's stream has ended (its <Connect> action). */
const afterStream = async (sid: string, status = "in-progress") => (await twilioPost("/twilio/voice/after-stream", call(sid, status))).text();

/** A call answered whose stream started (so its CallSession holds the call), then its end as the media plane hands it over. */
async function endHandedOver(sid: string, reason: CallEndReason) {
  const twiml = await (await twilioPost("/twilio/voice/inbound", call(sid, "ringing"))).text();
  const stream = await openStream(sid);
  const { callId, token } = streamParameters(twiml);
  stream.socket.send(startMessage(sid, { callId, token }));
  await until(() => stream.received.some((message) => message.event === "media"));
  const response = await SELF.fetch(
    await planeRequest(env.AUTH_SECRET!, `${BASE}/internal/calls/${sid}/ended`, {
      reason,
      transcript: [{ role: "assistant", content: "Hello", timestamp: new Date().toISOString() }],
      metrics: null,
    }),
  );
  expect(await response.json()).toEqual({ kept: true });
}

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
  await env.DB.prepare("update agents set hours_json = ? where id = ?").bind(ALWAYS_OPEN, DEMO.agentId).run();
});

describe("after the stream: Twilio's <Connect> action", { timeout: 30_000 }, () => {
  it("is named by the answer, so a stream that cannot run still leads somewhere", async () => {
    const twiml = await (await twilioPost("/twilio/voice/inbound", call(callSid(), "ringing"))).text();
    expect(twiml).toContain('<Connect action="https://nikki.test/twilio/voice/after-stream" method="POST"><Stream url=');
  });

  it("offers a message to a caller whose stream was refused (a bad ticket), never silence", async () => {
    const sid = callSid();
    await twilioPost("/twilio/voice/inbound", call(sid, "ringing"));
    const stream = await openStream(sid);
    stream.socket.send(startMessage(sid, { callId: "x", token: "not-the-ticket" }));
    expect((await until(() => stream.closed())).code).toBe(1008);
    const next = await afterStream(sid);
    expect(next).toContain(`Thanks for calling ${DEMO.organizationName}. We can&apos;t take your call right now. Please leave your name, your number`);
    expect(next).toContain('<Record action="https://nikki.test/twilio/voice/voicemail"');
  });

  it("repeats what the call's end decided: the apology and a message after the model dropped, a hang-up after the time limit", async () => {
    const dropped = callSid();
    await endHandedOver(dropped, "openai_closed");
    expect(await afterStream(dropped)).toBe(messageAfterDrop("https://nikki.test"));

    const timedOut = callSid();
    await endHandedOver(timedOut, "time_limit");
    expect(await afterStream(timedOut)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  });

  it('with the media plane out of reach (it never asked for the plan), the call is not left "Processing...": it is recorded as one the AI never took', async () => {
    const sid = callSid();
    await twilioPost("/twilio/voice/inbound", call(sid, "ringing"));
    const session = env.CALL_SESSION.get(env.CALL_SESSION.idFromName(sid));
    expect(await afterStream(sid)).toContain("Please leave your name, your number");
    await twilioPost("/twilio/voice/status", { ...call(sid, "completed"), CallDuration: "30" });
    expect(await settledProcessing(sid)).toEqual(neverTaken(30));
    // No stream had the plan, so no object ever held the call, and its row keeps no plan.
    expect(await runInDurableObject(session, async (_instance, state) => (await state.storage.list()).size)).toBe(0);
    expect(await env.DB.prepare("select call_plan from calls where call_sid = ?").bind(sid).first("call_plan")).toBeNull();
  });

  it("only hangs up once the caller has gone, and records nothing", async () => {
    const sid = callSid();
    await twilioPost("/twilio/voice/inbound", call(sid, "ringing"));
    const before = await env.DB.prepare("select count(*) as n from calls").first<number>("n");
    expect(await afterStream(sid, "completed")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect(await env.DB.prepare("select count(*) as n from calls").first<number>("n")).toBe(before);
  });
});
