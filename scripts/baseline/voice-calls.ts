/**
 * bench:voice's control baseline: the requests the media plane makes of the control plane for a call (the stream's
 * plan, the tools the model calls, the call's end), answered by bare handlers that make the product's database round
 * trips on the same tables, its text (Twilio's Messages API) and its analysis request (OpenAI's chat completions),
 * and nothing more: no signature checks, no zod, no Durable Object, no product rules. The statements follow the
 * product's as bench:voice's census counted them per call (scripts/bench/census.ts): the plan read, its claim and the
 * model's key; each tool's caller language, services and bookings read; the booking, its audit row and its text (the
 * opt-outs, the sender, the price, the message rows); the end; then the analysis with its reads, the lead, and the
 * alert's claim in one batch. A plan is the product's own, captured once (PLAN_TEMPLATE), so the media plane plays the
 * same call.
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { createD1Database } from "../../worker/src/db/client";
import { inOneTrip } from "../../worker/src/db/one-trip";
import {
  appointments,
  auditLog,
  calls,
  conversationMessages,
  integrations,
  knowledgeEntries,
  knowledgeQuestions,
  leads,
  members,
  organizations,
  phoneNumbers,
  services,
  smsOptOuts,
  textMessages,
  textPrices,
} from "../../worker/src/db/schema";

export interface VoiceBaselineBindings {
  DB: D1Database;
  PLAN_TEMPLATE?: string;
  VOICE_BRIDGE_URL?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  TWILIO_API_BASE?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
}

interface Plan {
  setup: { tool: { callSid: string; callerNumber: string; organizationId: string; agentId: string } };
  plan: Record<string, unknown>;
}

/** A row's plan: the product's template with this call's sid, caller, ticket and expiry. */
export function callPlanOf(template: string, call: { callSid: string; caller: string; ticketHash: string }): string {
  const { setup, plan } = JSON.parse(template) as Plan;
  return JSON.stringify({
    setup: { ...setup, tool: { ...setup.tool, callSid: call.callSid, callerNumber: call.caller } },
    plan: { ...plan, ticketHash: call.ticketHash, ticketExpiresAt: Date.now() + 60_000 },
  });
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Bookable times: every 5 minutes from two days after this isolate started, the earliest one not booked offered, as
 * the product offers its earliest free time; so callers at once race for it and book on the alternative, as they do
 * on the product (bench/open-agenda.ts opens its agenda the same way).
 */
const STEP_MS = 5 * 60_000;
const FIRST_START = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 2 * 86_400_000;

const freeStart = (booked: Set<number>) => {
  let start = FIRST_START;
  while (booked.has(start)) start += STEP_MS;
  return new Date(start).toISOString();
};

type Db = ReturnType<typeof createD1Database>;
type Call = { id: string; organizationId: string; caller: string; agentId: string };

/**
 * The calls whose stream has its plan, by CallSid, for their tools: the product's CallSession keeps the same in its
 * object; the baseline has one isolate (Miniflare), so memory does.
 */
const streaming = new Map<string, Call>();

/** The booking tools' reads: the services, then the bookings held and the caller's own (the product reads both). */
async function bookingReads(db: Db, organizationId: string, caller: string) {
  const [service] = await db.select().from(services).where(eq(services.organizationId, organizationId)).limit(1);
  const held = await db
    .select({ startAt: appointments.startAt })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.status, "booked")));
  await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.phone, caller)))
    .limit(50);
  return { service, booked: new Set(held.map((row) => row.startAt.getTime())) };
}

/** The confirmation text, as the messaging gate sends one: opt-out, sender, price, Twilio, then its rows. */
async function sendText(env: VoiceBaselineBindings, db: Db, call: Call, organizationId: string, body: string) {
  await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  await db
    .select()
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.organizationId, organizationId), eq(smsOptOuts.phone, call.caller)));
  const [number] = await db.select({ number: phoneNumbers.twilioNumber }).from(phoneNumbers).where(eq(phoneNumbers.organizationId, organizationId)).limit(1);
  await db.select().from(textPrices).where(eq(textPrices.isoCountry, "US"));
  const from = number?.number ?? "";
  const response = await fetch(`${env.TWILIO_API_BASE}/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${env.TWILIO_ACCOUNT_SID}:${env.TWILIO_AUTH_TOKEN}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ To: call.caller, From: from, Body: body }),
  });
  const { sid } = (await response.json()) as { sid?: string };
  await db.insert(textMessages).values({
    organizationId,
    callId: call.id,
    purpose: "appointment",
    fromNumber: from,
    toNumber: call.caller,
    status: "sent",
    segments: 1,
    messageSid: sid ?? null,
  });
  await db
    .insert(conversationMessages)
    .values({ organizationId, channel: "sms", threadKey: call.caller, role: "assistant", content: body, messageSid: sid ?? null });
}

async function checkAvailability(db: Db, call: Call, organizationId: string) {
  await db
    .update(calls)
    .set({ language: "en" })
    .where(and(eq(calls.id, call.id), isNull(calls.language)));
  const start = freeStart((await bookingReads(db, organizationId, call.caller)).booked);
  return { ok: true, slots: [{ start, label: start }] };
}

async function bookAppointment(env: VoiceBaselineBindings, db: Db, call: Call, organizationId: string, args: { name?: string; start?: string }) {
  const { service, booked } = await bookingReads(db, organizationId, call.caller);
  const start = new Date(args.start ?? freeStart(booked));
  const taken = () => {
    const alternative = freeStart(booked.add(start.getTime()));
    return { ok: false, error: "That time was just taken.", alternatives: [{ start: alternative, label: alternative }] };
  };
  if (booked.has(start.getTime())) return taken();
  const code = crypto.randomUUID().slice(0, 6).toUpperCase();
  const [made] = await db
    .insert(appointments)
    .values({
      organizationId,
      serviceId: service?.id ?? null,
      serviceName: service?.name ?? "Appointment",
      agentId: call.agentId,
      callId: call.id,
      name: args.name ?? "Caller",
      phone: call.caller,
      startAt: start,
      endAt: new Date(start.getTime() + STEP_MS),
      busyUntil: new Date(start.getTime() + STEP_MS),
      timeZone: "UTC",
      source: "call",
      confirmationCode: code,
      manageTokenHash: await sha256Hex(crypto.randomUUID()),
    })
    .returning({ id: appointments.id })
    // Booked by another caller since the read: the unique start refuses it, as the product's does.
    .catch(() => []);
  if (!made) return taken();
  await db.insert(auditLog).values({ organizationId, action: "appointment.booked", target: made.id });
  await sendText(env, db, call, organizationId, `Booked: ${start.toISOString()}. Code ${code}.`);
  return { ok: true, booked_for: start.toISOString(), confirmation_code: code };
}

/** The analysis, as the product's after-call work does it: its reads, the model's request, the results, the lead, the alert's claim. */
async function analyse(env: VoiceBaselineBindings, db: Db, callSid: string) {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid));
  if (!row?.organizationId) return;
  const organizationId = row.organizationId;
  await db.select().from(integrations).where(eq(integrations.organizationId, organizationId));
  await inOneTrip(db, [
    db.select({ id: knowledgeEntries.id }).from(knowledgeEntries).where(eq(knowledgeEntries.organizationId, organizationId)),
    db.select({ id: knowledgeQuestions.id }).from(knowledgeQuestions).where(eq(knowledgeQuestions.organizationId, organizationId)),
  ]);
  const fields = ["name", "phone", "email", "intent", "appointment_time", "urgency"];
  const response = await fetch(`${env.OPENAI_BASE_URL}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.OPENAI_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "Analyse this phone call. Answer in JSON." },
        { role: "user", content: row.transcript ?? "[]" },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: "call_analysis",
          strict: true,
          schema: {
            type: "object",
            properties: {
              summary: { type: "string" },
              sentiment: { type: "string" },
              entities: { type: "object", required: fields, properties: Object.fromEntries(fields.map((field) => [field, { type: "string" }])) },
            },
          },
        },
      },
    }),
  });
  const completion = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const analysis = JSON.parse(completion.choices?.[0]?.message?.content ?? "{}") as { summary?: string; sentiment?: string; entities?: Record<string, string> };
  await db
    .update(calls)
    .set({ summary: analysis.summary ?? "", entities: JSON.stringify(analysis.entities ?? {}), processingStatus: "processed", nextAttemptAt: null })
    .where(eq(calls.id, row.id));
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), eq(leads.callId, row.id)));
  if (!lead)
    await db.insert(leads).values({ organizationId, callId: row.id, source: "call", name: analysis.entities?.name || "Caller", phone: row.fromNumber });
  await inOneTrip(db, [
    db
      .update(calls)
      .set({ alertedAt: new Date() })
      .where(and(eq(calls.id, row.id), isNull(calls.alertedAt))),
    db.select({ id: appointments.id }).from(appointments).where(eq(appointments.callId, row.id)),
    db.select({ userId: members.userId }).from(members).where(eq(members.organizationId, organizationId)),
  ]);
}

export const voiceCalls = new Hono<{ Bindings: VoiceBaselineBindings }>()
  // The stream's plan: the row's, claimed, with the model's key read; the stream's signature taken as it comes.
  .post("/internal/calls/:callSid/plan", async (c) => {
    const db = createD1Database(c.env.DB);
    const { signature } = (await c.req.json()) as { signature: string };
    const callSid = c.req.param("callSid");
    const [row] = await db
      .select({ id: calls.id, callPlan: calls.callPlan, organizationId: calls.organizationId, caller: calls.fromNumber, agentId: calls.agentId })
      .from(calls)
      .where(eq(calls.callSid, callSid));
    if (!row?.callPlan || !row.organizationId) return c.json({ plan: null });
    await db.select({ provider: integrations.provider }).from(integrations).where(eq(integrations.organizationId, row.organizationId));
    await db.update(calls).set({ callPlan: null }).where(eq(calls.id, row.id));
    streaming.set(callSid, { id: row.id, organizationId: row.organizationId, caller: row.caller, agentId: row.agentId ?? "" });
    const { plan } = JSON.parse(row.callPlan) as Plan;
    const realtime = {
      url: `${c.env.OPENAI_BASE_URL}/realtime?model=gpt-realtime`,
      apiKey: c.env.OPENAI_API_KEY,
      model: "gpt-realtime",
      fromBusiness: false,
    };
    return c.json({ plan: { ...plan, callId: row.id, streamSignatures: [signature], realtime } });
  })
  .post("/internal/calls/:callSid/tool", async (c) => {
    const db = createD1Database(c.env.DB);
    const request = (await c.req.json()) as { name: string; arguments: string };
    const call = streaming.get(c.req.param("callSid"));
    if (!call) return c.json({ ok: false, error: "Unknown call." });
    if (request.name === "check_availability") return c.json(await checkAvailability(db, call, call.organizationId));
    if (request.name === "book_appointment") return c.json(await bookAppointment(c.env, db, call, call.organizationId, JSON.parse(request.arguments)));
    return c.json({ ok: true });
  })
  // The end kept, then analysed after the answer (the product's alarm runs it half a second later).
  .post("/internal/calls/:callSid/ended", async (c) => {
    const db = createD1Database(c.env.DB);
    const end = (await c.req.json()) as { transcript: unknown[]; metrics: unknown };
    const callSid = c.req.param("callSid");
    streaming.delete(callSid);
    await db
      .update(calls)
      .set({
        transcript: JSON.stringify(end.transcript),
        metrics: JSON.stringify(end.metrics),
        endedAt: new Date(),
        nextAttemptAt: new Date(),
        processingStatus: "pending",
      })
      .where(eq(calls.callSid, callSid));
    c.executionCtx.waitUntil(analyse(c.env, db, callSid));
    return c.json({ kept: true });
  });

/** The stream's URL and the plan for the voice webhook, when the baseline plays bench:voice's calls (PLAN_TEMPLATE set). */
export async function streamOf(env: VoiceBaselineBindings, origin: string, call: { callSid: string; caller: string }) {
  const token = crypto.randomUUID();
  if (!env.PLAN_TEMPLATE || !env.VOICE_BRIDGE_URL) return { url: `${origin.replace(/^http/, "ws")}/twilio/stream/${call.callSid}`, token, callPlan: undefined };
  return { url: `${env.VOICE_BRIDGE_URL}/${call.callSid}`, token, callPlan: callPlanOf(env.PLAN_TEMPLATE, { ...call, ticketHash: await sha256Hex(token) }) };
}
