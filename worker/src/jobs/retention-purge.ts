import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import { writeAudit } from "../audit";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { appointments, calls, conversationMessages, leads, organizationSettings, phoneNumbers, textMessages } from "../db/schema";
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
  /** The business's customer records (redaction by purpose): leads, appointments ended, chat and text threads. */
  leads: number;
  appointments: number;
  messages: number;
}

/** A table whose rows are deleted whole once the time in `at` is past an organization's transcript retention. */
interface ExpiringRows {
  table: SQLiteTable;
  id: SQLiteColumn;
  organizationId: SQLiteColumn;
  at: SQLiteColumn;
}

const EXPIRING = {
  texts: { table: textMessages, id: textMessages.id, organizationId: textMessages.organizationId, at: textMessages.createdAt },
  leads: { table: leads, id: leads.id, organizationId: leads.organizationId, at: leads.createdAt },
  // An appointment is kept while it is ahead, and as long as a transcript after it ended.
  appointments: { table: appointments, id: appointments.id, organizationId: appointments.organizationId, at: appointments.endAt },
  messages: {
    table: conversationMessages,
    id: conversationMessages.id,
    organizationId: conversationMessages.organizationId,
    at: conversationMessages.createdAt,
  },
} satisfies Record<string, ExpiringRows>;

/** Deletes an organization's rows of one table older than `before`, a batch per statement. */
async function purgeRows(services: Services, rows: ExpiringRows, organizationId: string, before: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = services.db
      .select({ id: rows.id })
      .from(rows.table)
      .where(and(eq(rows.organizationId, organizationId), lt(rows.at, before)))
      .limit(PURGE_BATCH);
    const deleted = await services.db.delete(rows.table).where(inArray(rows.id, due)).returning({ id: rows.id });
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
 * The retention purge (the cron, every 15 minutes): per organization, transcripts older than its
 * transcript_retention_days, and with them the record of texts, the leads, the appointments that ended and the chat
 * and text threads (the contact details a caller left go with the calls they came from); recordings older than its
 * recording_retention_days. In batches; one audit entry for each organization something was deleted for, with the
 * counts. Safe to run twice at once: nothing is deleted twice.
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
      texts: await purgeRows(services, EXPIRING.texts, organization.organizationId, transcriptsBefore),
      leads: await purgeRows(services, EXPIRING.leads, organization.organizationId, transcriptsBefore),
      appointments: await purgeRows(services, EXPIRING.appointments, organization.organizationId, transcriptsBefore),
      messages: await purgeRows(services, EXPIRING.messages, organization.organizationId, transcriptsBefore),
    };
    if (Object.values(counts).every((count) => count === 0)) continue;
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
