/**
 * The benchmarks' baseline: bare Hono routes doing the same database work as the product's, in the same runtime
 * (`wrangler dev`, a local D1 with the same migrations), with none of its middleware: no request id, config,
 * request log, security headers, body limit, CSRF, rate limits, signature checks, spend meter or call session.
 * What separates the product's figures from these is what the product adds.
 */
import { validateLead } from "@nikki/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { createD1Database } from "../../worker/src/db/client";
import { calls, leads } from "../../worker/src/db/schema";
import { formLeadValues } from "../../worker/src/routes/leads/values";
import { PLATFORM_ACCOUNT, callContextFor } from "../../worker/src/voice/call-context";
import { connectStream, startRecording, twiml } from "../../worker/src/voice/twiml";
import { type VoiceBaselineBindings, streamOf, voiceCalls } from "./voice-calls";

/** Twilio's form, read as the product reads it (as bytes: the runtime's text() warns that a form is not text). */
const formOf = async (request: Request) => new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));

const app = new Hono<{ Bindings: VoiceBaselineBindings }>()
  .get("/api/health", async (c) => {
    const started = performance.now();
    await createD1Database(c.env.DB).run(sql`select 1`);
    return c.json({ ok: true, database: { ok: true, latency_ms: Math.round((performance.now() - started) * 10) / 10 }, warnings: [] });
  })
  .post("/api/leads", async (c) => {
    const result = validateLead(await c.req.json());
    if (!result.ok) return c.json({ error: { code: "validation_failed", message: "Invalid lead." } }, 400);
    const [row] = await createD1Database(c.env.DB)
      .insert(leads)
      .values(formLeadValues(result.lead, result.lead.source_page ?? null))
      .returning({ id: leads.id });
    return c.json({ id: row!.id }, 201);
  })
  // The voice webhook: who answers the number, the call recorded (with bench:voice's plan), and the same TwiML.
  .post("/twilio/voice/inbound", async (c) => {
    const form = await formOf(c.req.raw);
    const db = createD1Database(c.env.DB);
    const callSid = form.get("CallSid") ?? "";
    const origin = new URL(c.req.url).origin;
    const stream = await streamOf(c.env, origin, { callSid, caller: form.get("From") ?? "" });
    const context = await callContextFor(db, form.get("To") ?? "", PLATFORM_ACCOUNT);
    if (!context?.agent) return c.text("Unknown number", 404);
    const [row] = await db
      .insert(calls)
      .values({
        callSid,
        direction: "inbound",
        fromNumber: form.get("From") ?? "",
        toNumber: form.get("To") ?? "",
        organizationId: context.organizationId,
        agentId: context.agent.id,
        kind: "conversation",
        callPlan: stream.callPlan,
      })
      .onConflictDoNothing()
      .returning({ id: calls.id });
    const document = twiml(
      startRecording(`${origin}/twilio/voice/status`),
      connectStream(stream.url, { callId: row?.id ?? "", token: stream.token }, `${origin}/twilio/voice/after-stream`),
    );
    return c.body(document, 200, { "content-type": "text/xml; charset=utf-8" });
  })
  // Status callbacks: a recording gets its URL, a call that ended its status and duration.
  .post("/twilio/voice/status", async (c) => {
    const form = await formOf(c.req.raw);
    const recordingUrl = form.get("RecordingUrl");
    if (recordingUrl)
      await createD1Database(c.env.DB)
        .update(calls)
        .set({ recordingUrl })
        .where(eq(calls.callSid, form.get("CallSid") ?? ""));
    const status = form.get("CallStatus");
    if (status === "completed") {
      await createD1Database(c.env.DB)
        .update(calls)
        .set({ status, durationSeconds: Number(form.get("CallDuration")), endedAt: new Date() })
        .where(and(eq(calls.callSid, form.get("CallSid") ?? ""), isNull(calls.durationSeconds)));
    }
    return c.body(null, 204);
  })
  .route("/", voiceCalls);

export default app;
