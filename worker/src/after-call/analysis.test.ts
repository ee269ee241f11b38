import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../db/client";
import { DEMO, seedDemoOrganization } from "../db/seed";
import { rearmDueAnalyses } from "../jobs/analysis-retries";
import { MAX_ANALYSIS_ATTEMPTS, analyzeDueCall } from "./analysis";
import { testServices } from "../../test/services";
import { SIMULATED } from "../../test/simulators";
import { callSid } from "../../test/twilio";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { saveIntegration } from "../services/integrations/store";
import { callEffectsOf } from "../test-suite/call-effects-of";

interface CallRow {
  processing_status: string;
  processing_attempts: number;
  processing_error: string | null;
  next_attempt_at: number | null;
  summary: string | null;
  transcript: string;
  entities: string | null;
}

async function pendingCall(transcript = '[{"role":"user","content":"Hi, this is Ada Lovelace, my email is ada@example.com"}]') {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, agent_id, from_number, to_number, processing_status, transcript, direction, next_attempt_at)
     values (?, ?, ?, ?, '+14155552671', ?, 'pending', ?, 'inbound', ?)`,
  )
    .bind(id, callSid(), DEMO.organizationId, DEMO.agentId, DEMO.phoneNumber, transcript, Date.now() - 120_000)
    .run();
  return id;
}

/** An appointment the call booked: 8:00 AM in Chicago on Tuesday, March 5, 2030, whatever was said on the call. */
async function bookedOnCall(callId: string) {
  // One booking holds that time: the one an earlier test made goes first.
  await env.DB.prepare("delete from appointments where organization_id = ?").bind(DEMO.organizationId).run();
  await env.DB.prepare(
    `insert into appointments (id, organization_id, service_name, call_id, name, phone, start_at, end_at, busy_until, time_zone, source, confirmation_code, manage_token_hash)
     values (?, ?, 'Cleaning', ?, 'Ada Lovelace', '+14155552671', ?, ?, ?, 'America/Chicago', 'call', ?, ?)`,
  )
    .bind(
      crypto.randomUUID(),
      DEMO.organizationId,
      callId,
      Date.parse("2030-03-05T14:00:00Z"),
      Date.parse("2030-03-05T15:00:00Z"),
      Date.parse("2030-03-05T15:00:00Z"),
      crypto.randomUUID().slice(0, 6),
      crypto.randomUUID(),
    )
    .run();
}
const BOOKED_LABEL = "Tuesday, March 5 at 8:00 AM";

const row = (id: string) => env.DB.prepare("select * from calls where id = ?").bind(id).first<CallRow>();

beforeAll(async () => {
  await seedDemoOrganization(createD1Database(env.DB), "unused-password-hash");
});

describe("post-call analysis on the services it is given", () => {
  it("stores the transcript and summary with PII redacted, and the caller's contact details as given, on the simulated OpenAI", async () => {
    const id = await pendingCall();
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const stored = await row(id);
    expect(stored).toMatchObject({ processing_status: "processed", processing_attempts: 1, processing_error: null });
    expect(stored?.summary).toBe("[NAME] called.");
    expect(stored?.transcript).not.toContain("ada@example.com");
    expect(stored?.transcript).toContain("[NAME]");
    // Redaction by purpose: the name and e-mail the caller left so the business can reach them are its customer record.
    expect(JSON.parse(stored!.entities!)).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com" });
  });

  it("redacts names with diacritics in the speech, and the PII inside an extracted field that is speech", async () => {
    const id = await pendingCall(
      '[{"role":"user","content":"Hola, soy Lucía Fernández, mi número es +34 612 345 678. I\'d like a quote for Alan Turing\'s boiler."}]',
    );
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const stored = await row(id);
    expect(stored?.transcript).not.toContain("Lucía Fernández");
    expect(stored?.summary).not.toContain("Lucía Fernández");
    expect(JSON.parse(stored!.entities!)).toMatchObject({
      name: "Lucía Fernández",
      phone: "+34 612 345 678",
      intent: "A quote for [NAME]'s boiler",
    });
  });

  it("stores the language the caller spoke, unless the call stored one while it ran", async () => {
    const spanish = '[{"role":"user","content":"Hola, soy Lucía, quiero una cita para mañana"}]';
    const heard = await pendingCall(spanish);
    const storedWhileOn = await pendingCall(spanish);
    await env.DB.prepare("update calls set language = 'fr' where id = ?").bind(storedWhileOn).run();
    for (const id of [heard, storedWhileOn]) expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const language = (id: string) => env.DB.prepare("select language from calls where id = ?").bind(id).first<string>("language");
    expect(await language(heard)).toBe("es");
    expect(await language(storedWhileOn)).toBe("fr");
  });

  it("with PII redaction off, keeps the transcript and the entities as said", async () => {
    await env.DB.prepare("update organization_settings set pii_redaction = 0 where organization_id = ?").bind(DEMO.organizationId).run();
    const id = await pendingCall();
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    expect((await row(id))?.transcript).toContain("ada@example.com");
    expect(JSON.parse((await row(id))!.entities!)).toMatchObject({ name: "Ada Lovelace" });
    await env.DB.prepare("update organization_settings set pii_redaction = 1 where organization_id = ?").bind(DEMO.organizationId).run();
  });

  it("extracts the agent's CRM mapping fields beside the standard ones", async () => {
    await env.DB.prepare("update agents set crm_mapping = ? where id = ?").bind('{"company": "company_name", "Bad Key!": "x"}', DEMO.agentId).run();
    const id = await pendingCall('[{"role":"user","content":"Hi, Ada from Analytical Engines Ltd here"}]');
    await analyzeDueCall(testServices(), id, callEffectsOf);
    const entities = JSON.parse((await env.DB.prepare("select entities from calls where id = ?").bind(id).first<string>("entities"))!) as Record<
      string,
      string
    >;
    expect(Object.keys(entities).sort()).toEqual(["appointment_time", "company", "email", "intent", "name", "phone", "urgency"]);
    await env.DB.prepare("update agents set crm_mapping = '{}' where id = ?").bind(DEMO.agentId).run();
  });

  it("pushes the caller to the business's CRM with the fields its agent's CRM mapping names, once", async () => {
    const services = testServices();
    await saveIntegration(services.db, services.config, DEMO.organizationId, "hubspot", { ...OWN.hubspot });
    await env.DB.prepare("update agents set crm_mapping = ? where id = ?")
      .bind('{"name": "nikki_caller_name", "urgency": "nikki_urgency"}', DEMO.agentId)
      .run();
    const contacts = async () =>
      (
        (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as { path: string; body: { properties: Record<string, string> } }[]
      ).filter((request) => request.path === "/crm/v3/objects/contacts" && request.body?.properties?.nikki_caller_name === "Grace Hopper");
    const id = await pendingCall('[{"role":"user","content":"Hello, Grace Hopper here, call me on +1 415 555 0199"}]');
    await analyzeDueCall(services, id, callEffectsOf);
    const [pushed] = await contacts();
    expect(pushed?.body.properties).toMatchObject({ firstname: "Grace", lastname: "Hopper", phone: "+14155550199", nikki_caller_name: "Grace Hopper" });
    // An empty entity fills no property.
    expect(pushed?.body.properties).not.toHaveProperty("nikki_urgency");
    const lead = await env.DB.prepare("select name, phone, crm_synced_at from leads where call_id = ?").bind(id).first<{ crm_synced_at: number }>();
    expect(lead).toMatchObject({ name: "Grace Hopper", phone: "+14155550199" });
    expect(lead?.crm_synced_at).toBeGreaterThan(0);
    // Analysed again (Re-run AI Analysis): the CRM is not sent the same caller twice.
    await env.DB.prepare("update calls set processing_status = 'pending' where id = ?").bind(id).run();
    await analyzeDueCall(services, id, callEffectsOf);
    expect(await contacts()).toHaveLength(1);
    await env.DB.prepare("delete from integrations where organization_id = ?").bind(DEMO.organizationId).run();
    await env.DB.prepare("update agents set crm_mapping = '{}' where id = ?").bind(DEMO.agentId).run();
  });

  it("without an OpenAI account retries with a growing backoff, then marks the call failed", async () => {
    const id = await pendingCall();
    const services = testServices({ OPENAI_API_KEY: undefined });
    const now = new Date();
    const first = await analyzeDueCall(services, id, callEffectsOf, now);
    expect(first!.getTime() - now.getTime()).toBe(2_000);
    const second = await analyzeDueCall(services, id, callEffectsOf, now);
    expect(second!.getTime() - now.getTime()).toBe(4_000);
    for (let attempt = 3; attempt <= MAX_ANALYSIS_ATTEMPTS; attempt++) await analyzeDueCall(services, id, callEffectsOf, now);
    expect(await row(id)).toMatchObject({
      processing_status: "failed",
      processing_attempts: MAX_ANALYSIS_ATTEMPTS,
      processing_error: "OPENAI_API_KEY is not set",
    });
  });

  it.each([
    ["answers 500", "[simulate:server-error]"],
    ["rate-limits (429)", "[simulate:rate-limit]"],
  ])("when OpenAI %s, retries with a growing backoff, then marks the call failed and keeps its transcript", async (_case, cue) => {
    const transcript = JSON.stringify([{ role: "user", content: `Hi, this is Ada Lovelace ${cue}` }]);
    const id = await pendingCall(transcript);
    const services = testServices();
    const now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_ANALYSIS_ATTEMPTS; attempt++)
      delays.push((await analyzeDueCall(services, id, callEffectsOf, now))!.getTime() - now.getTime());
    expect(delays.slice(0, 2)).toEqual([2_000, 4_000]);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(await row(id)).toMatchObject({ processing_status: "pending", processing_attempts: MAX_ANALYSIS_ATTEMPTS - 1 });
    await analyzeDueCall(services, id, callEffectsOf, now);
    const failed = await row(id);
    expect(failed).toMatchObject({ processing_status: "failed", processing_attempts: MAX_ANALYSIS_ATTEMPTS, transcript });
    expect(failed!.processing_error).toMatch(/OpenAI answered (500|429)/);
  });

  const BOOKING_CALL = JSON.stringify([
    { role: "assistant", content: `Thanks for calling ${DEMO.organizationName}, this is Nikki. How can I help?` },
    { role: "user", content: "Hi, this is Ada Lovelace. Can I book a plumber for tomorrow at 9am? My number is 415 555 2671." },
    { role: "assistant", content: "You're all set, Ada: tomorrow 9am. Thanks for calling!" },
  ]);

  it("summarises what happened (who called, what they wanted, what was agreed) and extracts the intent, as the analysis prompt asks", async () => {
    await env.DB.prepare("update organization_settings set pii_redaction = 0 where organization_id = ?").bind(DEMO.organizationId).run();
    const id = await pendingCall(BOOKING_CALL);
    await bookedOnCall(id);
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    await env.DB.prepare("update organization_settings set pii_redaction = 1 where organization_id = ?").bind(DEMO.organizationId).run();
    const stored = await row(id);
    // What was agreed is the booking as stored (8:00), not the time said on the call ("tomorrow 9am").
    expect(stored?.summary).toBe(`Ada Lovelace called to book a plumber for tomorrow at 9am. The appointment was booked for ${BOOKED_LABEL}.`);
    expect(JSON.parse(stored!.entities!)).toMatchObject({
      name: "Ada Lovelace",
      phone: "415 555 2671",
      intent: "Book a plumber for tomorrow at 9am",
      appointment_time: BOOKED_LABEL,
    });
  });

  it("states a Spanish caller's booking at its stored time, not the hour they asked for (issue 54 §6)", async () => {
    const id = await pendingCall(
      JSON.stringify([
        { role: "user", content: "Hola, soy Lucía Fernández. Necesito una cita para mañana a las 9." },
        { role: "assistant", content: "Listo, Lucía: su cita es el martes 5 de marzo a las 8:00. ¡Gracias por llamar!" },
      ]),
    );
    await bookedOnCall(id);
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const stored = await row(id);
    // What they wanted is said in the business's language, from the booking (issue 54), not "[NAME] called." alone.
    expect(stored?.summary).toBe(`[NAME] called to book a Cleaning. The appointment was booked for ${BOOKED_LABEL}.`);
    expect(stored?.summary).not.toMatch(/mañana|\b9\b/);
    expect(JSON.parse(stored!.entities!)).toMatchObject({ appointment_time: BOOKED_LABEL });
  });

  it("never says a call booked when it booked nothing, whatever was said", async () => {
    const id = await pendingCall(BOOKING_CALL);
    expect(await analyzeDueCall(testServices(), id, callEffectsOf)).toBeNull();
    const stored = await row(id);
    expect(stored?.summary).toBe(
      `[NAME] called to book a plumber for tomorrow at 9am. The receptionist answered: "You're all set, [NAME]: tomorrow 9am. Thanks for calling!"`,
    );
    expect(stored?.summary).not.toContain("was booked");
  });

  it("a re-run on the stored, redacted transcript keeps what it had: the contact details it can no longer read stay as they were", async () => {
    const id = await pendingCall(BOOKING_CALL);
    await bookedOnCall(id);
    await analyzeDueCall(testServices(), id, callEffectsOf);
    const first = await row(id);
    expect(JSON.parse(first!.entities!)).toMatchObject({ name: "Ada Lovelace", phone: "415 555 2671", intent: "Book a plumber for tomorrow at 9am" });
    expect(first?.summary).toBe(`[NAME] called to book a plumber for tomorrow at 9am. The appointment was booked for ${BOOKED_LABEL}.`);
    // Re-run AI Analysis: the transcript is now stored redacted, so the caller's name and number are no longer in it.
    await env.DB.prepare("update calls set processing_status = 'pending', processing_attempts = 0 where id = ?").bind(id).run();
    await analyzeDueCall(testServices(), id, callEffectsOf);
    const again = await row(id);
    expect(again?.processing_status).toBe("processed");
    expect(JSON.parse(again!.entities!)).toEqual(JSON.parse(first!.entities!));
    expect(again?.summary).toBe(`Someone called to book a plumber for tomorrow at 9am. The appointment was booked for ${BOOKED_LABEL}.`);
  });

  it("a re-run that fails keeps the previous analysis, and says why the re-run failed", async () => {
    const id = await pendingCall(BOOKING_CALL);
    await analyzeDueCall(testServices(), id, callEffectsOf);
    const first = await row(id);
    await env.DB.prepare("update calls set processing_status = 'pending', processing_attempts = 0 where id = ?").bind(id).run();
    const services = testServices({ OPENAI_API_KEY: undefined });
    for (let attempt = 1; attempt <= MAX_ANALYSIS_ATTEMPTS; attempt++) await analyzeDueCall(services, id, callEffectsOf);
    expect(await row(id)).toMatchObject({
      processing_status: "processed",
      processing_attempts: MAX_ANALYSIS_ATTEMPTS,
      processing_error: "OPENAI_API_KEY is not set",
      summary: first!.summary,
      entities: first!.entities,
    });
  });

  it("the cron re-arms a due retry on its call's session, which then processes it", async () => {
    const id = await pendingCall();
    expect(await rearmDueAnalyses(testServices(), env.CALL_SESSION)).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await row(id))?.processing_status, { timeout: 5_000 }).toBe("processed");
  });
});
