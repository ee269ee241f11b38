import { type CallAppointmentResource, type CallDetailResource, type CallLatency, maskedEntities, parseCallTransfer, redactPii } from "@nikki/core";
import { serializeCall } from "./list";

interface StoredEntry {
  role?: string;
  content?: string;
  timestamp?: string;
}

/** The stored JSON list of the questions the call left unanswered (after-call/analysis.ts), [] when none or unreadable. */
function storedQuestions(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? parsed.filter((question): question is string => typeof question === "string" && question !== "") : [];
  } catch {
    return [];
  }
}

/** The call's stored latency (call-metrics.ts); a call stored before voice to voice was measured has no turns. */
function parsedLatency(stored: string | null): CallLatency | null {
  if (!stored) return null;
  try {
    const latency = JSON.parse(stored) as Omit<CallLatency, "turns" | "voice_to_voice_p50_ms" | "voice_to_voice_p90_ms" | "product_p95_ms">;
    return { turns: [], voice_to_voice_p50_ms: null, voice_to_voice_p90_ms: null, product_p95_ms: null, ...latency };
  } catch {
    return null;
  }
}

/**
 * One call with its transcript (times from the call's start), summary, entities and whether a recording exists.
 * `storedRedacted`: the organization stores speech redacted. `masksContacts`: this reader is a viewer, who reads the
 * speech redacted (stored so or not) and the caller's contact details among the entities masked (contact-details.ts).
 * `keep`: the business's own names, never masked (org/own-names.ts). `appointments`: what the call booked (appointments/of-calls.ts).
 */
export function serializeCallDetail(
  row: Parameters<typeof serializeCall>[0],
  options: { storedRedacted: boolean; masksContacts: boolean; keep: readonly string[] },
  appointments: CallAppointmentResource[],
): Omit<CallDetailResource, "number_blocked" | "owner_notes" | "texts"> {
  const { call } = row;
  const redactOnDisplay = options.masksContacts && !options.storedRedacted;
  const show = (text: string) => (redactOnDisplay ? redactPii(text, options.keep) : text);
  let entries: StoredEntry[] = [];
  try {
    entries = call.transcript ? (JSON.parse(call.transcript) as StoredEntry[]) : [];
  } catch {
    entries = [];
  }
  let entities: Record<string, string> = {};
  try {
    const parsed = call.entities ? (JSON.parse(call.entities) as Record<string, unknown>) : {};
    entities = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  } catch {
    entities = {};
  }
  const start = call.createdAt.getTime();
  return {
    ...serializeCall(row, options),
    transcript: entries
      .filter((entry) => entry.content && (entry.role === "user" || entry.role === "assistant"))
      .map((entry) => ({
        role: entry.role as "user" | "assistant",
        content: show(entry.content!),
        at_ms: entry.timestamp ? Math.max(0, Date.parse(entry.timestamp) - start) : null,
      })),
    summary: call.summary ? show(call.summary) : null,
    entities: options.masksContacts ? maskedEntities(entities, options.keep) : entities,
    // A call that never reached the AI has no recording worth playing: at most the second of it connecting.
    recording: Boolean(call.recordingUrl) && call.processingStatus !== "skipped",
    latency: parsedLatency(call.metrics),
    cost_usd: call.costMicroUsd === null ? null : Math.round(call.costMicroUsd / 10_000) / 100,
    processing_error: call.processingError,
    redacted: options.storedRedacted || options.masksContacts,
    appointments,
    language: call.language,
    realtime_model: call.realtimeModel,
    transfer: parseCallTransfer(call.transfer),
    screened: call.screened,
    unanswered_questions: storedQuestions(call.unansweredQuestions).map(show),
  };
}
