/**
 * What the caller hears from Twilio while a transfer rings, and how it enters the call's record: the media plane never
 * hears it (the stream has ended for the transfer), so the control plane writes the hand-off into the transcript and
 * transfer_call into the call's tools.
 */
import { languageCodeOf } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { CallEnd, TranscriptEntry } from "../../call/plan";
import type { Database } from "../../db/client";
import { calls } from "../../db/schema";

const HOLD_LINES: Record<string, { first: string; again: string }> = {
  en: { first: "Please hold while I connect you with someone from the team.", again: "Still trying to reach someone. Please hold." },
  es: {
    first: "Por favor, espere mientras le comunico con alguien del equipo.",
    again: "Seguimos intentando comunicarle con alguien. Por favor, espere.",
  },
};

/** The hold line while number `attempt` rings, in the agent's language (English when it has none). */
export function holdLine(language: string, attempt: number): string {
  const lines = HOLD_LINES[languageCodeOf(language) ?? "en"] ?? HOLD_LINES.en!;
  return attempt === 0 ? lines.first : lines.again;
}

const said = (content: string, now: number): TranscriptEntry => ({ role: "assistant", content, timestamp: new Date(now).toISOString() });

/**
 * The agent's stream ended for a transfer begun at `startedAt`: its end with the first hold line, and transfer_call
 * among the tools (timed from the transfer's start to the caller on hold), which the media plane could not record.
 */
export function withHandOff(end: CallEnd, startedAt: number, language: string | undefined, now: number): CallEnd {
  const transcript = [...end.transcript, said(holdLine(language ?? "en", 0), now)];
  if (!end.metrics || end.metrics.tools.some((tool) => tool.name === "transfer_call")) return { ...end, transcript };
  const tools = [...end.metrics.tools, { name: "transfer_call", ms: Math.max(0, now - startedAt), ok: true }];
  return { ...end, transcript, metrics: { ...end.metrics, tools } };
}

/** The next number rings: the caller's "still trying" joins what was kept of the call. */
export async function keepHoldLine(db: Database, callId: string, line: string, now: number): Promise<void> {
  const [row] = await db.select({ transcript: calls.transcript }).from(calls).where(eq(calls.id, callId)).limit(1);
  if (!row?.transcript) return;
  const transcript = [...(JSON.parse(row.transcript) as TranscriptEntry[]), said(line, now)];
  await db
    .update(calls)
    .set({ transcript: JSON.stringify(transcript) })
    .where(eq(calls.id, callId));
}
