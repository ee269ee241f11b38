import { CLOSE_MESSAGES, EXPORT_CALL_COLUMNS } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "../../../test/accounts";
import { insertAppointment } from "../../../test/booking";
import { testServices } from "../../../test/services";
import { SIMULATED } from "../../../test/simulators";
import { createLogger } from "../../logger";
import { sendText } from "../../messaging/send-text";

const STRIPE = `http://127.0.0.1:${SIMULATED.stripePort}`;
const TWILIO = `http://127.0.0.1:${SIMULATED.twilioPort}`;
const countIn = (table: string, organizationId: string) =>
  env.DB.prepare(`select count(*) as n from ${table} where organization_id = ?`).bind(organizationId).first<number>("n");

async function buyNumber(owner: SignedUp, areaCode: string) {
  const search = (await (await call("/api/numbers/search", { cookie: owner.cookie, body: { area_code: areaCode } })).json()) as {
    available: { phone_number: string }[];
  };
  const bought = await call("/api/numbers", { cookie: owner.cookie, body: { phone_number: search.available[0]!.phone_number } });
  expect(bought.status).toBe(201);
  return ((await bought.json()) as { number: { id: string; phone_number: string; twilio_sid: string } }).number;
}

async function callWithTranscript(owner: SignedUp, summary: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, from_number, to_number, transcript, summary, status, processing_status, duration_seconds)
     values (?, ?, ?, '+14155552671', '+15125550100', ?, ?, 'completed', 'processed', 95)`,
  )
    .bind(id, `CA${id.replace(/-/g, "")}`, owner.organizationId, JSON.stringify([{ role: "user", content: "I need a plumber, it's leaking" }]), summary)
    .run();
  return id;
}

describe("exporting an organization's data", () => {
  it("downloads a zip: organization.json, knowledge.json, calls.json and calls.csv, with transcripts and no credential anywhere", async () => {
    const owner = await signUp({ company: "Export Plumbing" });
    await call("/api/agents", { cookie: owner.cookie, body: { name: "Ella" } });
    await call("/api/integrations/twilio", { method: "PUT", cookie: owner.cookie, body: { credentials: OWN.twilio } });
    await call("/api/integrations/openai", { method: "PUT", cookie: owner.cookie, body: { credentials: OWN.openai } });
    const callId = await callWithTranscript(owner, 'Caller reported a leak, "urgent", needs a visit');
    await insertAppointment(owner.organizationId, { callId, start: "2026-12-01T15:00:00-05:00" });
    // The business's knowledge leaves with it: an entry it wrote, and a question a caller asked that nobody answered yet.
    const typed = await call("/api/knowledge", { cookie: owner.cookie, body: { kind: "qa", question: "Do you fix boilers?", answer: "Yes, every make." } });
    expect(typed.status).toBe(201);
    await env.DB.prepare("insert into knowledge_questions (id, organization_id, text, normalized, count, call_ids) values (?, ?, ?, ?, 2, ?)")
      .bind(crypto.randomUUID(), owner.organizationId, "Do you work on Sundays?", "work sundays", JSON.stringify([callId]))
      .run();

    const attempt = { organizationId: owner.organizationId, from: null, to: "+14155550100", body: "Hi", purpose: "call_detail" as const, callId };
    await sendText(testServices(), attempt, { log: createLogger({ test: "export" }, "error") });

    const response = await call("/api/org/export", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="nikki-export-plumbing-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["calls.csv", "calls.json", "knowledge.json", "organization.json"]);
    expect(JSON.parse(strFromU8(files["knowledge.json"]!))).toEqual({
      entries: [expect.objectContaining({ kind: "qa", question: "Do you fix boilers?", answer: "Yes, every make.", source: "typed", enabled: true })],
      questions: [expect.objectContaining({ text: "Do you work on Sundays?", count: 2, call_ids: [callId], status: "open", answer_entry_id: null })],
    });

    const organization = JSON.parse(strFromU8(files["organization.json"]!)) as { audit_log: { action: string }[] };
    expect(organization).toMatchObject({
      organization: { name: "Export Plumbing" },
      settings: { transcript_retention_days: 90 },
      agents: [{ name: "Ella" }],
      members: [{ email: owner.email, role: "owner" }],
    });
    expect(organization.audit_log.map((entry) => entry.action)).toContain("integration_saved");
    // The record of texts goes with it (here one that had no number to be sent from).
    expect((organization as unknown as { text_messages: unknown[] }).text_messages).toEqual([
      expect.objectContaining({ purpose: "call_detail", to_number: "+14155550100", status: "failed", code: "no_sender", call_id: callId }),
    ]);
    const { calls } = JSON.parse(strFromU8(files["calls.json"]!)) as { calls: { id: string; transcript: { content: string }[] }[] };
    expect(calls.find((c) => c.id === callId)?.transcript[0]?.content).toBe("I need a plumber, it's leaking");
    const csv = strFromU8(files["calls.csv"]!).split("\r\n");
    expect(csv[0]).toBe(EXPORT_CALL_COLUMNS.join(","));
    expect(csv[1]).toContain('"Caller reported a leak, ""urgent"", needs a visit"');
    // The booked time, in the business's time zone and naming it (the last column).
    expect(csv[1]!.endsWith(",Tuesday, December 1 at 3:00 PM Eastern Time")).toBe(false);
    expect(csv[1]!.endsWith(',"Tuesday, December 1 at 3:00 PM Eastern Time"')).toBe(true);

    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join("\n");
    for (const secret of [OWN.twilio.auth_token, OWN.openai.api_key, "v2."]) expect(everything).not.toContain(secret);
  });
});

describe("closing an organization", () => {
  it("needs the organization's name typed exactly, and changes nothing without it", async () => {
    const owner = await signUp({ company: "Careful Co" });
    for (const body of [{}, { confirm: "careful co" }]) {
      const response = await call("/api/org", { method: "DELETE", cookie: owner.cookie, body });
      expect(response.status).toBe(400);
      if ("confirm" in body)
        expect(((await response.json()) as { error: { fields: object } }).error.fields).toEqual({ confirm: CLOSE_MESSAGES.confirm("Careful Co") });
    }
    expect(await env.DB.prepare("select count(*) as n from organizations where id = ?").bind(owner.organizationId).first("n")).toBe(1);
  });

  it("cancels the Stripe subscription, releases the numbers at Twilio, signs every member out, then removes the data", async () => {
    const owner = await signUp({ company: "Closing Time Ltd" });
    const viewer = await inviteAndJoin(owner, "viewer");
    await call("/api/billing/checkout", { cookie: owner.cookie, body: { plan_slug: "growth" } });
    const customer = await env.DB.prepare("select stripe_customer_id from subscriptions where organization_id = ?")
      .bind(owner.organizationId)
      .first<string>("stripe_customer_id");
    const subscription = (await (
      await fetch(`${STRIPE}/__subscriptions`, {
        method: "POST",
        body: JSON.stringify({ customer, prices: [SIMULATED.stripePrices.growth], metadata: { organization_id: owner.organizationId } }),
      })
    ).json()) as { id: string };
    await env.DB.prepare("update subscriptions set stripe_subscription_id = ?, status = 'active' where organization_id = ?")
      .bind(subscription.id, owner.organizationId)
      .run();
    const number = await buyNumber(owner, "737");
    await callWithTranscript(owner, "A call to be removed");

    const response = await call("/api/org", { method: "DELETE", cookie: owner.cookie, body: { confirm: "Closing Time Ltd" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ closed: { subscription_cancelled: true, numbers_released: 1, members_signed_out: 2 } });

    const atStripe = (await (
      await fetch(`${STRIPE}/v1/subscriptions/${subscription.id}`, { headers: { authorization: `Bearer ${SIMULATED.stripeSecretKey}` } })
    ).json()) as { status: string };
    expect(atStripe.status).toBe("canceled");
    const releases = ((await (await fetch(`${TWILIO}/__requests`)).json()) as { method: string; path: string }[]).filter(
      (request) => request.method === "DELETE" && request.path.endsWith(`/IncomingPhoneNumbers/${number.twilio_sid}.json`),
    );
    expect(releases).toHaveLength(1);
    for (const who of [owner, viewer]) expect((await call("/api/account/me", { cookie: who.cookie })).status).toBe(401);
    for (const table of ["calls", "phone_numbers", "agents", "members", "organization_settings", "subscriptions"])
      expect(await countIn(table, owner.organizationId)).toBe(0);
    const entry = await env.DB.prepare("select details from audit_log where action = 'organization_deleted' and target = ?")
      .bind(owner.organizationId)
      .first<string>("details");
    expect(JSON.parse(entry!)).toEqual({ subscription_cancelled: true, numbers_released: 1, members_signed_out: 2 });
  });
});
