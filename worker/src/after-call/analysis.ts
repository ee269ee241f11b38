import {
  AGENT_DEFAULTS,
  OPENAI_MODELS,
  bookingsForAnalysis,
  callerLanguageNote,
  callerNamesOf,
  isMachine,
  isPiiMarker,
  labelLanguageOf,
  languageCodeOf,
  languageName,
  redactCallerDetails,
  redactCallerNames,
  redactPii,
  redactTranscript,
  redactedSpeechEntities,
  slotLabel,
  summaryWithBookings,
} from "@nikki/core";
import { eq, sql } from "drizzle-orm";
import { type CallEffectsOf, callOfRow } from "../call-effects/call-effects";
import { placeholders, preparedQuery } from "../db/prepared";
import { agents, calls, organizationSettings } from "../db/schema";
import { dashboardsOpen } from "../durable/live-dashboards";
import { type LogLevel, createLogger } from "../logger";
import type { Services } from "../services";
import { CALLER_FACTS_SCHEMA, type CallerFacts, primaryLanguage, storeForgetMe } from "./caller-facts";
import { type FoundQuestion, UNANSWERED_QUESTIONS_SCHEMA, questionContext } from "../knowledge/analysis-questions";
import { UNREDACTED, askedQuestions } from "../knowledge/record-questions";
import { organizationOwnNames } from "../org/own-names";
import { pushCallLead } from "./crm-push";
import { sendCallWebhook } from "./crm-webhook";

export const MAX_ANALYSIS_ATTEMPTS = 5;
export const NO_TRANSCRIPT = "No transcript available to reprocess.";
const BACKOFF_BASE_MS = 2_000;

export interface CallAnalysis extends Partial<CallerFacts> {
  summary: string;
  sentiment: "positive" | "neutral" | "negative";
  entities: Record<string, string>;
  unanswered_questions?: FoundQuestion[];
}

/** The fields extracted from every call, plus any the agent's `crm_mapping` names. */
export function entityFields(crmMapping: string): string[] {
  const base = ["name", "phone", "email", "intent", "appointment_time", "urgency"];
  try {
    const mapping = JSON.parse(crmMapping) as unknown;
    const extra = typeof mapping === "object" && mapping !== null ? Object.keys(mapping) : [];
    return [...new Set([...base, ...extra.filter((key) => /^[a-z][a-z0-9_]{0,39}$/.test(key))])];
  } catch {
    return base;
  }
}

function analysisSchema(fields: string[]) {
  return {
    type: "object",
    additionalProperties: false,
    required: ["summary", "sentiment", "entities", ...Object.keys(CALLER_FACTS_SCHEMA), ...Object.keys(UNANSWERED_QUESTIONS_SCHEMA)],
    properties: {
      ...CALLER_FACTS_SCHEMA,
      ...UNANSWERED_QUESTIONS_SCHEMA,
      summary: { type: "string", description: "Two or three sentences: who called, what they wanted, what was agreed" },
      sentiment: { type: "string", enum: ["positive", "neutral", "negative"] },
      entities: {
        type: "object",
        additionalProperties: false,
        required: fields,
        properties: Object.fromEntries(fields.map((field) => [field, { type: "string", description: "Empty string when not mentioned" }])),
      },
    },
  };
}

/**
 * A re-run never loses what it had: a field the new analysis leaves empty or masked (it reads the transcript as stored,
 * redacted) keeps the value stored before.
 */
export function keptEntities(stored: string | null, next: Record<string, string>): Record<string, string> {
  let before: Record<string, unknown> = {};
  try {
    before = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    before = {};
  }
  return Object.fromEntries(
    Object.entries(next).map(([key, value]) => {
      const previous = before[key];
      const lost = !value.trim() || isPiiMarker(value);
      return [key, lost && typeof previous === "string" && previous.trim() ? previous : value];
    }),
  );
}

/** The entities with the appointment's time as stored, when the call booked one (the model's is the words said). */
function bookedTimeOf(entities: Record<string, string>, bookings: readonly { label: string }[]): Record<string, string> {
  if (bookings.length === 0 || !("appointment_time" in entities)) return entities;
  return { ...entities, appointment_time: bookings.map((booking) => booking.label).join("; ") };
}

/** The call with its agent's CRM mapping and the organization's settings, in one read. */
const analysisInputQuery = preparedQuery((db) =>
  db
    .select({
      call: calls,
      crmMapping: agents.crmMapping,
      agentLanguage: agents.language,
      piiRedaction: organizationSettings.piiRedaction,
      crmWebhookUrl: organizationSettings.crmWebhookUrl,
      liveDashboards: organizationSettings.liveDashboards,
    })
    .from(calls)
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, calls.organizationId))
    .where(eq(calls.id, sql.placeholder("callId")))
    .prepare(),
);

/**
 * The analysis stored. With PII redaction on, the records of speech (summary, transcript, questions, the entities that
 * are speech) are stored redacted; the caller's contact details among the entities are kept as given (contact-details.ts).
 */
const processedQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({
      ...placeholders("summary", "entities", "sentiment", "processingAttempts", "unansweredQuestions"),
      transcript: sql`coalesce(${sql.placeholder("redactedTranscript")}, ${calls.transcript})`,
      // The caller's language, unless one was stored while the call ran (its first tool, or its end).
      language: sql`coalesce(${calls.language}, ${sql.placeholder("language")})`,
      modelUsed: OPENAI_MODELS.chat,
      processingStatus: "processed",
      processingError: null,
      nextAttemptAt: null,
    })
    .where(eq(calls.id, sql.placeholder("id")))
    .prepare(),
);

/**
 * Analyses one call whose processing is pending: summary, entities and sentiment from OpenAI, stored with the
 * model used; then the call's effects (`effectsOf` chooses them from its row): the caller forgotten when they asked,
 * the unanswered questions in the owner's inbox, the lead in the CRM, the CRM webhook. On failure the attempt is counted and the next is due after an exponential backoff; after the
 * last attempt the call is marked failed. Answers when to try again, or null when done.
 */
export async function analyzeDueCall(services: Services, callId: string, effectsOf: CallEffectsOf, now = new Date()): Promise<Date | null> {
  const { config, db } = services;
  const log = createLogger({ component: "call_analysis", call_id: callId }, config.LOG_LEVEL as LogLevel);
  const [row] = await analysisInputQuery(db).all({ callId });
  if (!row || row.call.processingStatus !== "pending") return null;
  const { call } = row;
  const effects = effectsOf(callOfRow(call), { services, log });
  // Nobody watching the organization's live channel: no Durable Object call to tell nobody (durable/live-dashboards.ts).
  const publish = (processingStatus: "processed" | "failed" | "pending") =>
    dashboardsOpen(row.liveDashboards) ? services.publishCall(call.organizationId, { id: callId, processing_status: processingStatus }) : undefined;
  // A machine answered (voice/answering-machine.ts wrote what happened): there is no conversation to ask a model about.
  if (isMachine(call.answeredBy)) {
    await db.update(calls).set({ processingStatus: "processed" }).where(eq(calls.id, callId));
    await publish("processed");
    return null;
  }
  const entries = (call.transcript ? (JSON.parse(call.transcript) as { role: string; content: string }[]) : []).filter((entry) => entry.content);
  if (entries.length === 0) {
    await db.update(calls).set({ processingStatus: "failed", processingError: NO_TRANSCRIPT }).where(eq(calls.id, callId));
    return null;
  }
  const crmMapping = row.crmMapping ?? "{}";
  const attempts = call.processingAttempts + 1;
  try {
    const { openai } = await services.providersFor(call.organizationId);
    if (!openai) throw new Error("OPENAI_API_KEY is not set");
    const fields = entityFields(crmMapping);
    // The summary is the business's to read: in its agent's language, whatever the caller spoke (noted after it).
    const businessLanguage = row.agentLanguage ?? AGENT_DEFAULTS.language;
    const questions = await questionContext(db, call.organizationId, call.agentId);
    // The call's bookings, read in the business's language: the summary's booked times are these, not the words said.
    const labels = labelLanguageOf(businessLanguage);
    const bookings = (await effects.bookings()).map((booking) => ({ service: booking.service, label: slotLabel(booking.start, booking.timeZone, labels) }));
    const analysed = await openai.chatJson<CallAnalysis>({
      system: `You analyse phone calls to a small business answered by its AI receptionist. Summarise the call in ${languageName(languageCodeOf(businessLanguage) ?? "en")}, extract the requested details exactly as said (empty string when absent), and judge the caller's sentiment. Note the caller's language, and whether they asked the business not to keep their details.\n\n${bookingsForAnalysis(bookings)}\n\n${questions.instructions}`,
      user: entries.map((entry) => `${entry.role === "user" ? "Caller" : "Receptionist"}: ${entry.content}`).join("\n"),
      schemaName: "call_analysis",
      schema: analysisSchema(fields),
    });
    const note = callerLanguageNote(languageCodeOf(call.language), businessLanguage);
    const booked = summaryWithBookings(analysed.summary, bookings, labels);
    const result = { ...analysed, summary: note ? `${booked} ${note}` : booked };
    const redact = row.piiRedaction ?? true;
    // The business's own names (its greeting, its agents, its services) are not the caller's PII.
    const keep = [...(await organizationOwnNames(db, call.organizationId)), ...bookings.map((booking) => booking.service)];
    // A re-run reads the transcript as stored (redacted): the contact details kept before stand. A booked time is the booking's.
    const entities = keptEntities(call.entities, bookedTimeOf(result.entities, bookings));
    // The names the caller gave, masked wherever a first name alone is said back ("Thanks, Sam.").
    const callerNames = callerNamesOf(entities);
    const asked = askedQuestions(
      result.unanswered_questions,
      questions.openIds,
      redact ? { question: (text) => redactCallerDetails(text, callerNames), draft: (text) => redactCallerNames(text, callerNames) } : UNREDACTED,
    );
    await processedQuery(db).run({
      id: callId,
      summary: redact ? redactPii(result.summary, keep, callerNames) : result.summary,
      entities: JSON.stringify(redact ? redactedSpeechEntities(entities, keep) : entities),
      sentiment: result.sentiment,
      processingAttempts: attempts,
      unansweredQuestions: JSON.stringify(asked.map((question) => question.text)),
      redactedTranscript: redact ? JSON.stringify(redactTranscript(entries, keep, callerNames)) : null,
      language: primaryLanguage(result.language),
    });
    await storeForgetMe(effects, call, result);
    await effects.keepQuestions(asked);
    log.info("call_processed", { attempts, sentiment: result.sentiment });
    await publish("processed");
    const summary = redact ? redactPii(result.summary, keep, callerNames) : result.summary;
    await pushCallLead(services, effects, call, { summary, entities }, crmMapping).catch((error: unknown) =>
      log.warn("crm_push_failed", { error: error instanceof Error ? error.message : String(error) }),
    );
    if (row.crmWebhookUrl) await sendCallWebhook(config, effects, call, row.crmWebhookUrl, { summary, sentiment: result.sentiment, entities });
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failed = attempts >= MAX_ANALYSIS_ATTEMPTS;
    const next = failed ? null : new Date(now.getTime() + BACKOFF_BASE_MS * 2 ** (attempts - 1));
    // A re-run that fails leaves the previous analysis standing (processing_error says why the re-run failed).
    const status = !failed ? "pending" : call.summary !== null ? "processed" : "failed";
    await db
      .update(calls)
      .set({ processingAttempts: attempts, processingError: message, processingStatus: status, nextAttemptAt: next })
      .where(eq(calls.id, callId));
    log.warn("call_analysis_failed", { attempts, error: message, retry_at: next?.toISOString() ?? null, previous_kept: failed && status === "processed" });
    if (failed) await publish(status);
    return next;
  }
}
