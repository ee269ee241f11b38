import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../src/index";
import { purgeExpiredCallData } from "../src/jobs/retention-purge";
import { type SignedUp, call, signUp } from "./accounts";
import { insertAppointment } from "./booking";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { callSid } from "./twilio";

const DAY = 24 * 60 * 60 * 1000;
let owner: SignedUp;

const recordingUrl = () => `https://api.twilio.com/2010-04-01/Accounts/${SIMULATED.twilioAccountSid}/Recordings/RE${crypto.randomUUID().replace(/-/g, "")}`;

async function pastCall(daysAgo: number, recording: string | null) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, from_number, to_number, transcript, summary, entities, recording_url, created_at)
     values (?, ?, ?, '+14155552671', '+14155550164', '[{"role":"user","content":"Hello"}]', 'A summary', '{"name":"Ada"}', ?, ?)`,
  )
    .bind(id, callSid(), owner.organizationId, recording, Date.now() - daysAgo * DAY)
    .run();
  return id;
}

const row = (id: string) =>
  env.DB.prepare("select transcript, summary, entities, recording_url from calls where id = ?")
    .bind(id)
    .first<{ transcript: string | null; summary: string | null; entities: string | null; recording_url: string | null }>();

const deletesOf = async (url: string) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { method: string; path: string }[]).filter(
    (request) => request.method === "DELETE" && request.path.endsWith(`/Recordings/${url.split("/").at(-1)}.json`),
  );

beforeAll(async () => {
  owner = await signUp({ company: "Retention Plumbing" });
  const patched = await call("/api/org/settings", {
    cookie: owner.cookie,
    method: "PATCH",
    body: { transcript_retention_days: 30, recording_retention_days: 7 },
  });
  expect(patched.status).toBe(200);
});

describe("the retention purge", () => {
  it("run by the cron, deletes exactly the expired transcripts and recordings, recordings at Twilio too, and audits the counts", async () => {
    const [oldUrl, midUrl, newUrl] = [recordingUrl(), recordingUrl(), recordingUrl()];
    const old = await pastCall(40, oldUrl);
    const mid = await pastCall(10, midUrl);
    const fresh = await pastCall(1, newUrl);

    const controller = createScheduledController({ scheduledTime: new Date("2026-11-23T18:30:00Z"), cron: "* * * * *" });
    const context = createExecutionContext();
    await worker.scheduled(controller, env, context);
    await waitOnExecutionContext(context);

    expect(await row(old)).toEqual({ transcript: null, summary: null, entities: null, recording_url: null });
    expect(await row(mid)).toMatchObject({ summary: "A summary", entities: '{"name":"Ada"}', recording_url: null });
    expect(await row(fresh)).toMatchObject({ summary: "A summary", recording_url: newUrl });
    expect(await deletesOf(oldUrl)).toHaveLength(1);
    expect(await deletesOf(midUrl)).toHaveLength(1);
    expect(await deletesOf(newUrl)).toHaveLength(0);
    const audit = await env.DB.prepare("select action, details from audit_log where organization_id = ? and action = 'retention_purged'")
      .bind(owner.organizationId)
      .all<{ details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(JSON.parse(audit.results[0]!.details)).toEqual({
      transcripts: 1,
      recordings: 2,
      texts: 0,
      leads: 0,
      appointments: 0,
      messages: 0,
      transcript_retention_days: 30,
      recording_retention_days: 7,
    });

    // Run again: nothing left to delete, nothing audited.
    expect((await purgeExpiredCallData(testServices())).has(owner.organizationId)).toBe(false);
  });

  it("two runs at once delete each recording once", async () => {
    const url = recordingUrl();
    const id = await pastCall(20, url);
    const [first, second] = await Promise.all([purgeExpiredCallData(testServices()), purgeExpiredCallData(testServices())]);
    const recordings = (first.get(owner.organizationId)?.recordings ?? 0) + (second.get(owner.organizationId)?.recordings ?? 0);
    expect(recordings).toBe(1);
    expect(await deletesOf(url)).toHaveLength(1);
    expect((await row(id))?.recording_url).toBeNull();
  });

  it("deletes the record of texts past the transcripts' retention, and keeps the rest", async () => {
    const textAt = async (daysAgo: number) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into text_messages (id, organization_id, purpose, to_number, status, segments, created_at) values (?, ?, 'call_detail', '+14155552671', 'sent', 1, ?)",
      )
        .bind(id, owner.organizationId, Date.now() - daysAgo * DAY)
        .run();
      return id;
    };
    const [old, fresh] = [await textAt(31), await textAt(29)];
    expect((await purgeExpiredCallData(testServices())).get(owner.organizationId)).toEqual({
      transcripts: 0,
      recordings: 0,
      texts: 1,
      leads: 0,
      appointments: 0,
      messages: 0,
    });
    const left = await env.DB.prepare("select id from text_messages where id in (?, ?)").bind(old, fresh).all<{ id: string }>();
    expect(left.results.map((row) => row.id)).toEqual([fresh]);
  });

  it("deletes the caller's contact records with the transcripts: leads, appointments that ended, chat and text threads", async () => {
    const at = (daysAgo: number) => Date.now() - daysAgo * DAY;
    const leadAt = async (daysAgo: number) => {
      const id = crypto.randomUUID();
      await env.DB.prepare("insert into leads (id, organization_id, source, name, phone, created_at) values (?, ?, 'call', 'Ada Lovelace', '+14155552671', ?)")
        .bind(id, owner.organizationId, at(daysAgo))
        .run();
      return id;
    };
    const messageAt = async (daysAgo: number) => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into conversation_messages (id, organization_id, channel, thread_key, role, content, created_at) values (?, ?, 'sms', '+14155552671', 'user', 'Hi', ?)",
      )
        .bind(id, owner.organizationId, at(daysAgo))
        .run();
      return id;
    };
    const [oldLead, freshLead] = [await leadAt(31), await leadAt(29)];
    const [oldMessage, freshMessage] = [await messageAt(31), await messageAt(29)];
    // Ended 31 days ago, ended 29 days ago, and one booked 40 days ago that is still ahead.
    const ended = await insertAppointment(owner.organizationId, { start: new Date(at(31) - 3_600_000).toISOString() });
    const recent = await insertAppointment(owner.organizationId, { start: new Date(at(29) - 3_600_000).toISOString() });
    const ahead = await insertAppointment(owner.organizationId, { start: new Date(Date.now() + 2 * DAY).toISOString() });
    await env.DB.prepare("update appointments set created_at = ? where id = ?").bind(at(40), ahead).run();

    expect((await purgeExpiredCallData(testServices())).get(owner.organizationId)).toEqual({
      transcripts: 0,
      recordings: 0,
      texts: 0,
      leads: 1,
      appointments: 1,
      messages: 1,
    });
    const ids = async (table: string, wanted: string[]) =>
      (
        await env.DB.prepare(`select id from ${table} where id in (${wanted.map(() => "?").join(", ")})`)
          .bind(...wanted)
          .all<{ id: string }>()
      ).results
        .map((row) => row.id)
        .sort();
    expect(await ids("leads", [oldLead, freshLead])).toEqual([freshLead]);
    expect(await ids("conversation_messages", [oldMessage, freshMessage])).toEqual([freshMessage]);
    expect(await ids("appointments", [ended, recent, ahead])).toEqual([recent, ahead].sort());
  });
});
