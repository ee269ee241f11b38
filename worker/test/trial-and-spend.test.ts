import { SPEND_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger";
import { PLATFORM_ACCOUNT } from "../src/voice/call-context";
import { recordCallStatus } from "../src/voice/call-status";
import { type SignedUp, call, signUp } from "./accounts";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { anyCaller, callSid, twilioPost } from "./twilio";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

const HOST = "https://plumber.example";
const api = (who: SignedUp, path: string, method = "GET", body?: unknown) => call(path, { method, cookie: who.cookie, body });
const billing = async (who: SignedUp) =>
  (await (await api(who, "/api/billing/subscription")).json()) as {
    state: string;
    trial_days_left: number;
    spend: { spent_usd: number; cap_usd: number; state: string };
  };

let numbers = 0;
/** A business with an active agent on a number and its widgets allowed on HOST; answers its number and widget key. */
async function business(company: string) {
  const owner = await signUp({ company });
  const agent = (await (await api(owner, "/api/agents", "POST", { name: "Dana" })).json()) as { agent: { id: string } };
  const number = `+1737555${String(1000 + ++numbers)}`;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, number, agent.agent.id)
    .run();
  await api(owner, "/api/org/settings", "PATCH", { allowed_origins: [HOST] });
  const key = ((await (await api(owner, "/api/org/settings")).json()) as { widget_key: string }).widget_key;
  return { owner, number, key };
}

// A caller of its own per call: 20 calls from one number would be screened as a robocall (issue 37 §5).
const ring = (to: string) => twilioPost("/twilio/voice/inbound", { CallSid: callSid(), AccountSid: SIMULATED.twilioAccountSid, From: anyCaller(), To: to });
const callMeNow = (key: string, ip: string) =>
  call(`/api/demo-calls?key=${key}`, { origin: HOST, body: { phone: "+14155552671", consent: true }, headers: { "cf-connecting-ip": ip } });
const chat = (key: string) => call(`/api/chat?key=${key}`, { origin: HOST, body: { messages: [{ role: "user", content: "Hi" }] } });

describe("the free trial", () => {
  it("starts at sign-up: 14 days of Growth's limits with no card", async () => {
    const owner = await signUp({ company: "Trial Plumbing" });
    expect(await billing(owner)).toMatchObject({ state: "trial", trial_days_left: 14, spend: { cap_usd: 25, spent_usd: 0, state: "ok" } });
  });

  it("once over with no plan: calls take messages, call-me-now and chat are refused with a clear message", async () => {
    const { owner, number, key } = await business("Lapsed Plumbing");
    await env.DB.prepare("update organizations set trial_ends_at = ? where id = ?")
      .bind(Date.now() - 1000, owner.organizationId)
      .run();
    expect((await billing(owner)).state).toBe("lapsed");

    const twiml = await (await ring(number)).text();
    expect(twiml).toContain("<Record ");
    expect(twiml).not.toContain("<Stream");
    const refused = await callMeNow(key, "198.51.100.7");
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: { code: "trial_ended", message: SPEND_MESSAGES.trialEnded } });
    expect((await chat(key)).status).toBe(402);
  });

  it("carries its remaining days into Stripe's trial_end when a plan is chosen", async () => {
    const owner = await signUp({ company: "Converting Plumbing" });
    const ends = Date.now() + 5 * 86_400_000;
    await env.DB.prepare("update organizations set trial_ends_at = ? where id = ?").bind(ends, owner.organizationId).run();
    const { id } = (await (await api(owner, "/api/billing/checkout", "POST", { plan_slug: "starter" })).json()) as { id: string };
    const session = (await (
      await fetch(`http://127.0.0.1:${SIMULATED.stripePort}/v1/checkout/sessions/${id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as { subscription_data: Record<string, unknown> };
    expect(session.subscription_data.trial_end).toBe(String(Math.floor(ends / 1000)));
    expect(session.subscription_data.trial_period_days).toBeUndefined();
  });
});

describe("the daily spend cap", () => {
  it("admits calls while under the cap, even 20 at once, then takes messages; the owner is told at 80 % and 100 %", async () => {
    const { owner, number, key } = await business("Capped Plumbing");
    // $1 a day: each admitted call holds 3 minutes of telephony and model ($0.58), so the third finds the cap held.
    await api(owner, "/api/org/settings", "PATCH", { daily_spend_cap_usd: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => ring(number).then((response) => response.text())));
    const connected = answers.filter((twiml) => twiml.includes("<Stream"));
    expect(connected).toHaveLength(2);
    expect(answers.filter((twiml) => twiml.includes("<Record "))).toHaveLength(18);

    const withMail = testServices({ MAIL_API_KEY: "re_simulated", MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}` });
    const log = createLogger({ test: "spend" }, "error");
    const sids = await env.DB.prepare("select call_sid from calls where organization_id = ? and kind = 'conversation'")
      .bind(owner.organizationId)
      .all<{ call_sid: string }>();
    expect(sids.results).toHaveLength(2);
    // Both calls talked: their streams claimed their plans and their ends were kept (a call whose plan is still on its
    // row at the end is one the AI never took, charged its telephony alone).
    await env.DB.prepare("update calls set transcript = '[]', call_plan = null, next_attempt_at = ? where organization_id = ? and kind = 'conversation'")
      .bind(Date.now(), owner.organizationId)
      .run();
    for (const { call_sid } of sids.results) {
      await recordCallStatus(withMail, log, { CallSid: call_sid, CallStatus: "completed", CallDuration: "180" }, PLATFORM_ACCOUNT, callEffectsOf);
      // A repeated callback counts once.
      await recordCallStatus(withMail, log, { CallSid: call_sid, CallStatus: "completed", CallDuration: "180" }, PLATFORM_ACCOUNT, callEffectsOf);
    }
    expect((await billing(owner)).spend).toEqual({ spent_usd: 1.16, cap_usd: 1, state: "capped" });
    const mails = (
      (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: { to: string[]; subject: string } }[]
    )
      .filter((request) => request.path === "/emails" && request.body.to[0] === owner.email)
      .map((request) => request.body.subject);
    expect(mails).toEqual(["Nikki AI: 80% of today's spending limit used", "Nikki AI: Today's spending limit is reached"]);

    expect(await (await ring(number)).text()).not.toContain("<Stream");
    const refused = await callMeNow(key, "198.51.100.8");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("spend_cap");
    expect(await (await chat(key)).json()).toEqual({ error: { code: "spend_cap", message: SPEND_MESSAGES.chatCapped } });
  });

  it("is a whole number of dollars; bad input changes nothing", async () => {
    const owner = await signUp({ company: "Cap Typo Plumbing" });
    const bad = await api(owner, "/api/org/settings", "PATCH", { daily_spend_cap_usd: 0.5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: object } }).error.fields).toEqual({
      daily_spend_cap_usd: "The daily spending limit must be a whole number of dollars from 1 to 10000.",
    });
    expect((await billing(owner)).spend.cap_usd).toBe(25);
  });
});
