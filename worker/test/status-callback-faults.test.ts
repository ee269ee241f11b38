import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { callSid, twilioPost } from "./twilio";

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
});

/** A real write failure: a trigger makes D1 refuse any update of this one call, until it is dropped. */
async function failWritesTo(sid: string) {
  const name = `fail_${sid}`;
  await env.DB.prepare(
    `create trigger ${name} before update on calls when old.call_sid = '${sid}' begin select raise(abort, 'injected write failure'); end`,
  ).run();
  return () => env.DB.prepare(`drop trigger ${name}`).run();
}

describe("a database write that fails during Twilio's status callback", () => {
  it("answers 5xx in the envelope so Twilio retries, writes nothing, and the retries end the call exactly once", async () => {
    const sid = callSid();
    const id = crypto.randomUUID();
    // A call that streamed (its transcript saved), so the status callback alone settles it.
    await env.DB.prepare(
      "insert into calls (id, call_sid, organization_id, from_number, to_number, status, transcript) values (?, ?, ?, '+14155550142', ?, 'in-progress', '[]')",
    )
      .bind(id, sid, DEMO.organizationId, DEMO.phoneNumber)
      .run();
    const completed = { CallSid: sid, AccountSid: env.TWILIO_ACCOUNT_SID!, CallStatus: "completed", CallDuration: "42" };
    const restore = await failWritesTo(sid);

    const failed = await twilioPost("/twilio/voice/status", completed);
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "internal_error", message: expect.any(String) } });
    expect(text).not.toContain("injected write failure");
    expect(await env.DB.prepare("select status, duration_seconds from calls where id = ?").bind(id).first()).toEqual({
      status: "in-progress",
      duration_seconds: null,
    });

    await restore();
    expect((await twilioPost("/twilio/voice/status", completed)).status).toBe(204);
    const ended = await env.DB.prepare("select status, duration_seconds, cost_micro_usd, ended_at from calls where call_sid = ?").bind(sid).all();
    expect(ended.results).toHaveLength(1);
    expect(ended.results[0]).toMatchObject({ status: "completed", duration_seconds: 42 });

    // Twilio may deliver it again: nothing changes.
    expect((await twilioPost("/twilio/voice/status", { ...completed, CallDuration: "99" })).status).toBe(204);
    expect(await env.DB.prepare("select status, duration_seconds, cost_micro_usd, ended_at from calls where call_sid = ?").bind(sid).first()).toEqual(
      ended.results[0],
    );
  });
});
