import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import { writeAudit } from "../audit";
import { calls, organizationSettings, phoneNumbers, textMessages } from "../db/schema";
import { type LogLevel, createLogger } from "../logger";
import type { Services } from "../services";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calls handled per statement: a run never holds the database long, and the next run takes up what is left. */
export const PURGE_BATCH = 200;

export interface PurgeCounts {
  transcripts: number;
  recordings: number;
  /** Records of texts (text_messages), kept as long as transcripts. */
  texts: number;
}

/** The record of texts attempted before `before` (who was texted, when and why), a batch per statement. */
async function purgeTexts(services: Services, organizationId: string, before: Date): Promise<number> {
  const { db } = services;
  let purged = 0;
  for (;;) {
    const due = db
      .select({ id: textMessages.id })
      .from(textMessages)
      .where(and(eq(textMessages.organizationId, organizationId), lt(textMessages.createdAt, before)))
      .limit(PURGE_BATCH);
    const deleted = await db.delete(textMessages).where(inArray(textMessages.id, due)).returning({ id: textMessages.id });
    purged += deleted.length;
    if (deleted.length < PURGE_BATCH) return purged;
  }
}

/** Transcripts (with the summary and entities drawn from them) past the organization's retention days. */
async function purgeTranscripts(services: Services, organizationId: string, before: Date): Promise<number> {
  const { db } = services;
  let purged = 0;
  for (;;) {
    const due = await db
      .select({ id: calls.id })
      .from(calls)
      .where(
        and(
          eq(calls.organizationId, organizationId),
          lt(calls.createdAt, before),
          or(isNotNull(calls.transcript), isNotNull(calls.summary), isNotNull(calls.entities)),
        ),
      )
      .limit(PURGE_BATCH);
    if (due.length === 0) return purged;
    // Each row is cleared by one statement: of two runs at once, each counts only the rows it cleared.
    const cleared = await db
      .update(calls)
      .set({ transcript: null, summary: null, entities: null })
      .where(
        and(
          inArray(
            calls.id,
            due.map((row) => row.id),
          ),
          or(isNotNull(calls.transcript), isNotNull(calls.summary), isNotNull(calls.entities)),
        ),
      )
      .returning({ id: calls.id });
    purged += cleared.length;
    if (due.length < PURGE_BATCH) return purged;
  }
}

/** Recordings past the retention days: claimed in the database first (one run deletes each), then deleted at the Twilio account holding them. */
async function purgeRecordings(services: Services, organizationId: string, before: Date): Promise<number> {
  const { db } = services;
  const log = createLogger({ component: "retention_purge", organization_id: organizationId }, services.config.LOG_LEVEL as LogLevel);
  const due = await db
    .select({ id: calls.id, url: calls.recordingUrl, from: calls.fromNumber, to: calls.toNumber, direction: calls.direction })
    .from(calls)
    .where(and(eq(calls.organizationId, organizationId), lt(calls.createdAt, before), isNotNull(calls.recordingUrl)))
    .limit(PURGE_BATCH);
  if (due.length === 0) return 0;
  // Only now: the organization's accounts cost a query and a decryption, and most runs find nothing due.
  const providers = await services.providersFor(organizationId);
  let purged = 0;
  for (const call of due) {
    const [claimed] = await db
      .update(calls)
      .set({ recordingUrl: null })
      .where(and(eq(calls.id, call.id), eq(calls.recordingUrl, call.url!)))
      .returning({ id: calls.id });
    if (!claimed) continue;
    const business = call.direction === "outbound" ? call.from : call.to;
    const [number] = await db
      .select({ accountSid: phoneNumbers.twilioAccountSid })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.twilioNumber, business)));
    const { twilio } = providers.holding(number?.accountSid ?? null);
    try {
      if (twilio) await twilio.deleteRecording(call.url!);
      purged++;
    } catch (error) {
      // Twilio did not delete it: the call keeps its recording, and the next run tries again.
      await db.update(calls).set({ recordingUrl: call.url }).where(eq(calls.id, call.id));
      log.warn("recording_delete_failed", { call_id: call.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return purged;
}

/**
 * The retention purge (the cron, every 15 minutes): per organization, transcripts (and the record of texts) older than
 * its transcript_retention_days and recordings older than its recording_retention_days, in batches; one audit entry for
 * each organization something was deleted for, with the counts. Safe to run twice at once: nothing is deleted twice.
 */
export async function purgeExpiredCallData(services: Services, now = new Date()): Promise<Map<string, PurgeCounts>> {
  const settings = await services.db
    .select({
      organizationId: organizationSettings.organizationId,
      transcriptDays: organizationSettings.transcriptRetentionDays,
      recordingDays: organizationSettings.recordingRetentionDays,
    })
    .from(organizationSettings);
  const results = new Map<string, PurgeCounts>();
  for (const organization of settings) {
    const transcriptsBefore = new Date(now.getTime() - organization.transcriptDays * DAY_MS);
    const counts = {
      transcripts: await purgeTranscripts(services, organization.organizationId, transcriptsBefore),
      recordings: await purgeRecordings(services, organization.organizationId, new Date(now.getTime() - organization.recordingDays * DAY_MS)),
      texts: await purgeTexts(services, organization.organizationId, transcriptsBefore),
    };
    if (counts.transcripts === 0 && counts.recordings === 0 && counts.texts === 0) continue;
    results.set(organization.organizationId, counts);
    const log = createLogger({ component: "retention_purge", organization_id: organization.organizationId }, services.config.LOG_LEVEL as LogLevel);
    await writeAudit(services.db, log, {
      organizationId: organization.organizationId,
      action: "retention_purged",
      target: "calls",
      details: { ...counts, transcript_retention_days: organization.transcriptDays, recording_retention_days: organization.recordingDays },
    });
  }
  return results;
}
