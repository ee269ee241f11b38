import { TEXT_MESSAGES, addDays, localDate, zonedInstant } from "@nikki/core";
import { SELF, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { manageToken } from "../src/appointments/manage-link";
import { limiterShard } from "../src/middleware/rate-limit/shard";
import { runTool } from "../src/voice/tools";
import { sendFollowUpText } from "../src/after-call/follow-up";
import { call, inviteAndJoin } from "./accounts";
import { book, localStart, twilioMessages } from "./booking";
import { testServices } from "./services";
import { toolDepsOf } from "./tool-call";
import { callSid } from "./twilio";
import { type Texting, awayFromTheHoursEnd, insertCall, lastAttempt, log, messagesTo, patchSettings, recipient, sendTexts, texting, usageOf } from "./texting";
import { callEffectsOf } from "../src/test-suite/call-effects-of";

describe("the destination rules", () => {
  it.each([["+53 5123 4567"], ["+882 1300 0000 1"]])(
    "POST /api/appointments to %s books (201) but refuses the text: destination_refused, and Twilio gets nothing",
    async (phone) => {
      const org = await texting(`Abroad Plumbing ${phone}`);
      const before = (await twilioMessages()).length;
      const response = await book(org.owner, { service_id: org.serviceId, start: localStart(3, "10:00"), name: "Ada Lovelace", phone });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { text: string; text_message: string | null };
      expect(body).toMatchObject({ text: "destination_refused", text_message: TEXT_MESSAGES.destination_refused });
      const digits = phone.replace(/\D/g, "");
      expect((await twilioMessages()).slice(before).filter((message) => message.form.To?.endsWith(digits))).toEqual([]);
      expect(await lastAttempt(org.owner.organizationId)).toMatchObject({
        purpose: "appointment",
        status: "refused",
        code: "destination_refused",
        price_micro_usd: 0,
      });
    },
  );
});

describe("POST /api/calls/:id/sms", () => {
  it("answers a destination the rules refuse with 400 and the field's error, and Twilio gets nothing", async () => {
    const org = await texting("Abroad Calls Plumbing");
    const response = await call(`/api/calls/${await insertCall(org, "+5351234567")}/sms`, { cookie: org.owner.cookie, body: { body: "Hola" } });
    const message = "Texts can only go to numbers in the United States and Canada (Settings › Phone and limits).";
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "destination_not_allowed", message, fields: { to: message } } });
    expect(await messagesTo("+5351234567")).toEqual([]);
  });
});

let hours = 0;
/** A free hour to book or move to: each booking of these tests at a time of its own. */
const nextSlot = (days: number) => localStart(days, `${String(8 + (++hours % 12)).padStart(2, "0")}:00`);

interface TextPath {
  /** What the path needs before the organization's texts are used up (it may text, as booking does). */
  prepare?(org: Texting): Promise<string>;
  /** Texts `to` the way the product does; answers what the path said of it ("sent", or the refusal's code). */
  text(org: Texting, to: string, prepared: string): Promise<string | null>;
}

/** Each path that texts, driven as the product drives it. */
const PATHS: [string, TextPath][] = [
  [
    "POST /api/appointments",
    {
      async text(org, to) {
        const response = await book(org.owner, { service_id: org.serviceId, start: nextSlot(4), name: "Grace Hopper", phone: to });
        expect(response.status).toBe(201);
        return ((await response.json()) as { text: string }).text;
      },
    },
  ],
  [
    "the manage page's reschedule",
    {
      async prepare(org) {
        const response = await book(org.owner, { service_id: org.serviceId, start: nextSlot(5), name: "Ada Lovelace", phone: recipient() });
        return ((await response.json()) as { appointment: { id: string } }).appointment.id;
      },
      async text(org, to, id) {
        await env.DB.prepare("update appointments set phone = ? where id = ?").bind(to, id).run();
        const moved = await SELF.fetch(`https://nikki.test/a/${await manageToken(env.AUTH_SECRET!, id)}/reschedule`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": `10.77.0.${++hours % 250}` },
          body: new URLSearchParams({ start: nextSlot(5) }),
          redirect: "manual",
        });
        expect(moved.status).toBe(303);
        const attempt = await lastAttempt(org.owner.organizationId);
        expect(attempt).toMatchObject({ purpose: "appointment", to_number: to });
        return attempt!.code ?? "sent";
      },
    },
  ],
  [
    "the send_sms call tool",
    {
      async text(org, to) {
        const toolCall = {
          callId: await insertCall(org, to),
          callSid: callSid(),
          organizationId: org.owner.organizationId,
          agentId: org.agentId,
          businessNumber: org.number,
          callerNumber: to,
          escalationJson: "{}",
          allowedCountries: ["US", "CA"],
          test: false,
          tools: ["send_sms"],
        };
        const deps = await toolDepsOf(toolCall, testServices(), log);
        const result = await runTool("send_sms", JSON.stringify({ to, body: "Our address is 1 Main St." }), toolCall, deps);
        return result.ok ? "sent" : (await lastAttempt(org.owner.organizationId))!.code;
      },
    },
  ],
  [
    "POST /api/calls/:id/sms",
    {
      async text(org, to) {
        const response = await call(`/api/calls/${await insertCall(org, to)}/sms`, { cookie: org.owner.cookie, body: { body: "Your quote is ready." } });
        if (response.status === 200) return "sent";
        expect(response.status).toBe(429);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        return ((await response.json()) as { error: { code: string } }).error.code;
      },
    },
  ],
  [
    "the follow-up after a call",
    {
      async text(org, to) {
        await env.DB.prepare("update organization_settings set post_call_sms = 1 where organization_id = ?").bind(org.owner.organizationId).run();
        const sent = await sendFollowUpText(testServices(), await insertCall(org, to, true), callEffectsOf);
        return sent ? "sent" : (await lastAttempt(org.owner.organizationId))!.code;
      },
    },
  ],
];

describe("the organization's limits: 30 texts an hour by default", () => {
  it.each(PATHS)("a trial organization's 31st text in an hour, by %s, is refused rate_limited and reaches no one", async (name, path) => {
    await awayFromTheHoursEnd();
    const org = await texting(`Limits by ${name}`);
    const prepared = (await path.prepare?.(org)) ?? "";
    await sendTexts(org, 30 - (await usageOf(org.owner)).sent_this_hour);
    const to = recipient();
    expect(await path.text(org, to, prepared)).toBe("rate_limited");
    expect(await messagesTo(to)).toEqual([]);
    expect(await lastAttempt(org.owner.organizationId)).toMatchObject({ status: "refused", code: "rate_limited", to_number: to });
    expect(await usageOf(org.owner)).toMatchObject({ sent_this_hour: 30, per_hour: 30 });
    // The setting moves the limit: one more an hour lets this path's next text through.
    expect((await patchSettings(org.owner, { texts_per_hour: 31 })).status).toBe(200);
    const next = recipient();
    expect(await path.text(org, next, prepared)).toBe("sent");
    expect(await messagesTo(next)).toHaveLength(1);
  });

  it("counts the hour and the day for every member to read, and a lower setting refuses sooner", async () => {
    await awayFromTheHoursEnd();
    const org = await texting("Counted Plumbing");
    expect((await patchSettings(org.owner, { texts_per_hour: 3, texts_per_day: 5 })).status).toBe(200);
    await sendTexts(org, 3);
    const viewer = await inviteAndJoin(org.owner, "viewer");
    expect(await usageOf(viewer)).toEqual({ sent_this_hour: 3, sent_today: 3, per_hour: 3, per_day: 5, max_per_hour: 100, max_per_day: 600, plan: "Growth" });
    const refused = await call(`/api/calls/${await insertCall(org, recipient())}/sms`, { cookie: org.owner.cookie, body: { body: "One more" } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Your organization has sent its 3 texts for this hour \(Settings › Texts\)\. Try again in \d+ minutes?\.$/,
    );
    // A refusal is not counted; raising the hour leaves the day's limit to refuse the 6th.
    expect((await patchSettings(org.owner, { texts_per_hour: 10 })).status).toBe(200);
    await sendTexts(org, 2);
    const sixth = await call(`/api/calls/${await insertCall(org, recipient())}/sms`, { cookie: org.owner.cookie, body: { body: "One more" } });
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toBe(
      "Your organization has sent its 5 texts for today (Settings › Texts). Texts resume at midnight, your time.",
    );
    expect(await usageOf(viewer)).toMatchObject({ sent_this_hour: 5, sent_today: 5 });
  });
  it("counts today as the business's own day, midnight to midnight in its time zone, for the figure and the limit alike", async () => {
    await awayFromTheHoursEnd();
    const org = await texting("Pacific Smiles Dental");
    const zone = "America/Los_Angeles";
    await env.DB.prepare("update agents set business_hours_tz = ? where organization_id = ?").bind(zone, org.owner.organizationId).run();
    expect((await patchSettings(org.owner, { texts_per_hour: 50, texts_per_day: 5 })).status).toBe(200);
    // Four texts went earlier in the business's day (whatever the UTC date was then): its day's window holds them.
    const date = localDate(zone, new Date());
    const startsAt = zonedInstant(zone, date, 0).getTime();
    const key = `texts:day:${org.owner.organizationId}`;
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterShard(`texts:${org.owner.organizationId}`)));
    await runInDurableObject(limiter, async (_instance, state) => {
      await state.storage.put(`w:${key}`, { windowStart: startsAt, count: 4, resetAt: zonedInstant(zone, addDays(date, 1), 0).getTime() });
    });
    expect(await usageOf(org.owner)).toMatchObject({ sent_today: 4, per_day: 5 });
    await sendTexts(org, 1);
    expect(await usageOf(org.owner)).toMatchObject({ sent_today: 5 });
    const sixth = await call(`/api/calls/${await insertCall(org, recipient())}/sms`, { cookie: org.owner.cookie, body: { body: "One more" } });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toBe(
      "Your organization has sent its 5 texts for today (Settings › Texts). Texts resume at midnight, your time.",
    );
  });
});
