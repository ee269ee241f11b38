import type { CallDetailResource, CallResource, OrganizationSettings, OverviewResource } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { calls } from "../src/db/schema";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";

type CallRow = typeof calls.$inferInsert;

/** A call of the organization's, written as the webhook and the call's end would have left it. */
async function insertCall(organizationId: string, values: Partial<CallRow> = {}) {
  const id = crypto.randomUUID();
  await createD1Database(env.DB)
    .insert(calls)
    .values({ id, callSid: `CA${id.replace(/-/g, "")}`, organizationId, fromNumber: "+14155550399", toNumber: "+17375550100", status: "completed", ...values });
  return id;
}

const settingsOf = async (who: SignedUp) =>
  ((await (await call("/api/org/settings", { cookie: who.cookie })).json()) as { settings: OrganizationSettings }).settings;

describe("blocked numbers (issue 37 §5)", () => {
  it("are a setting: typed as New appointment takes a phone, kept in E.164 each once, blank lines dropped; the save answers what it kept", async () => {
    const owner = await signUp({ company: "Blocked Plumbing" });
    expect((await settingsOf(owner)).blocked_numbers).toEqual([]);
    const saved = await call("/api/org/settings", {
      method: "PATCH",
      cookie: owner.cookie,
      body: { blocked_numbers: ["(512) 555-0222", "", "+1 512 555 0222", "  512.555.0223 ", "+44 20 7123 4567", "15125550224"] },
    });
    expect(saved.status).toBe(200);
    const kept = ["+15125550222", "+15125550223", "+442071234567", "+15125550224"];
    expect(((await saved.json()) as { settings: OrganizationSettings }).settings.blocked_numbers).toEqual(kept);
    expect((await settingsOf(owner)).blocked_numbers).toEqual(kept);
  });

  it.each([
    [["+15125550222", "", "555-02"], "Line 3, “555-02”, is not a phone number."],
    [["call me maybe"], "Line 1, “call me maybe”, is not a phone number."],
    [["(512) 555-0222, (512) 555-0223"], "Line 1, “(512) 555-0222, (512) 555-0223”, is not a phone number."],
  ])("refuse %j naming the line that is wrong, and keep the list as it was", async (lines, words) => {
    const owner = await signUp({ company: "Blocked Lines Dental" });
    await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { blocked_numbers: ["+14155550101"] } });
    const refused = await call("/api/org/settings", { method: "PATCH", cookie: owner.cookie, body: { blocked_numbers: lines } });
    expect(refused.status).toBe(400);
    const { fields } = ((await refused.json()) as { error: { fields: Record<string, string> } }).error;
    expect(fields.blocked_numbers).toBe(`${words} Write it like (512) 555-0222, or with its country code like +44 20 7946 0958.`);
    expect((await settingsOf(owner)).blocked_numbers).toEqual(["+14155550101"]);
  });

  it("are added from a call's detail in one click and taken back out (undo); the detail says whether the number is blocked", async () => {
    const owner = await signUp({ company: "Block Button Dental" });
    const admin = await inviteAndJoin(owner, "admin");
    const callId = await insertCall(owner.organizationId, { fromNumber: "+14155550398" });
    const detail = async () => ((await (await call(`/api/calls/${callId}`, { cookie: owner.cookie })).json()) as { call: CallDetailResource }).call;
    expect(await detail()).toMatchObject({ number_blocked: false, screened: null });

    const blocked = await call(`/api/calls/${callId}/block`, { cookie: admin.cookie, body: {} });
    expect(blocked.status).toBe(200);
    expect(await blocked.json()).toEqual({
      blocked: true,
      number: "+14155550398",
      message: "+14155550398 is blocked: its calls hear a short message and are hung up.",
    });
    expect((await settingsOf(owner)).blocked_numbers).toEqual(["+14155550398"]);
    expect((await detail()).number_blocked).toBe(true);
    // Twice is once.
    await call(`/api/calls/${callId}/block`, { cookie: owner.cookie, body: {} });
    expect((await settingsOf(owner)).blocked_numbers).toEqual(["+14155550398"]);

    const undone = await call(`/api/calls/${callId}/block`, { method: "DELETE", cookie: owner.cookie });
    expect(await undone.json()).toMatchObject({ blocked: false, message: "+14155550398 is no longer blocked." });
    expect((await settingsOf(owner)).blocked_numbers).toEqual([]);
    const audit = await env.DB.prepare("select action, target from audit_log where organization_id = ? and action like 'number_%blocked' order by created_at")
      .bind(owner.organizationId)
      .all<{ action: string; target: string }>();
    expect(audit.results.map((row) => row.action)).toEqual(["number_blocked", "number_blocked", "number_unblocked"]);
  });
});

describe("silent and spam calls in the figures (issue 37 §5)", () => {
  it("have their outcomes, filter by them, stay out of Overview's figures and the plan's minutes, and cannot be re-analysed", async () => {
    const owner = await signUp({ company: "Screened Figures HVAC" });
    const org = owner.organizationId;
    const transcript = JSON.stringify([{ role: "user", content: "Hello", timestamp: new Date().toISOString() }]);
    await insertCall(org, { durationSeconds: 90, transcript });
    const silent = await insertCall(org, { durationSeconds: 130, screened: "silent", processingStatus: "processed", transcript: "[]" });
    const spam = await insertCall(org, { durationSeconds: 250, screened: "talk_over", processingStatus: "processed", transcript, afterHours: true });
    await insertCall(org, { durationSeconds: 5, screened: "blocked", processingStatus: "processed" });
    // A robocaller's quick ring that hung up before Nikki answered: a call, but no plan minutes, no Overview row, and
    // it makes nobody a returning caller.
    const ring = await insertCall(org, {
      durationSeconds: 1,
      status: "abandoned",
      processingStatus: "skipped",
      fromNumber: "+14155550300",
      createdAt: new Date(Date.now() - 60_000),
    });
    const after = await insertCall(org, { durationSeconds: 60, transcript, fromNumber: "+14155550300" });

    const list = async (query: string) =>
      ((await (await call(`/api/calls${query}`, { cookie: owner.cookie })).json()) as { calls: CallResource[] }).calls.map((row) => row.outcome).sort();
    expect(await list("")).toEqual(["hangup", "info", "info", "silent", "spam", "spam"]);
    expect(await list("?outcome=spam")).toEqual(["spam", "spam"]);
    expect(await list("?outcome=silent")).toEqual(["silent"]);

    const { overview } = (await (await call("/api/overview", { cookie: owner.cookie })).json()) as { overview: OverviewResource };
    expect(overview).toMatchObject({ minutes_used: 3, answered_calls: 2, after_hours_calls: 0 });
    expect(overview.daily_minutes.at(-1)?.minutes).toBe(3);
    // A silent call shows among the latest calls; spam never does.
    expect(overview.recent_calls.map((row) => row.id)).toContain(silent);
    expect(overview.recent_calls.map((row) => row.outcome)).not.toContain("spam");
    expect(overview.recent_calls.map((row) => row.id)).not.toContain(ring);
    const again = ((await (await call(`/api/calls/${after}`, { cookie: owner.cookie })).json()) as { call: CallResource }).call;
    expect(again.caller).toEqual({ returning: false, previous_calls: 0 });

    const reprocess = await call(`/api/calls/${spam}/reprocess`, { cookie: owner.cookie, body: {} });
    expect(reprocess.status).toBe(400);
    expect(((await reprocess.json()) as { error: { message: string } }).error.message).toContain("robocall");
  });
});
