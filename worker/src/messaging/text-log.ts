/** The record of every text the gate was asked to send (`text_messages`), and what it tells of a call's texts. */
import { type CallTextResource, PII_MARKERS, TEXT_MESSAGES, type TextFailure, type TextPurpose, type TextRefusal } from "@nikki/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { textMessages } from "../db/schema";

export interface TextAttempt {
  organizationId: string;
  callId: string | null;
  purpose: TextPurpose;
  from: string | null;
  to: string;
  status: "sent" | "refused" | "failed";
  code: TextRefusal | TextFailure | null;
  segments: number;
  priceMicroUsd: number;
  messageSid: string | null;
}

export async function recordText(db: Database, attempt: TextAttempt): Promise<void> {
  await db.insert(textMessages).values({
    organizationId: attempt.organizationId,
    callId: attempt.callId,
    purpose: attempt.purpose,
    fromNumber: attempt.from,
    toNumber: attempt.to,
    status: attempt.status,
    code: attempt.code,
    segments: attempt.segments,
    priceMicroUsd: attempt.priceMicroUsd,
    messageSid: attempt.messageSid,
  });
}

/**
 * Whether a text of this purpose about the call was sent or refused already: such a text is not tried again (a
 * refusal is an answer, not a failure); one the provider failed to take may be.
 */
export async function textedAbout(db: Database, callId: string, purpose: TextPurpose): Promise<boolean> {
  const [earlier] = await db
    .select({ id: textMessages.id })
    .from(textMessages)
    .where(and(eq(textMessages.callId, callId), eq(textMessages.purpose, purpose), inArray(textMessages.status, ["sent", "refused"])))
    .limit(1);
  return Boolean(earlier);
}

/** The texts about one of the organization's calls, oldest first; `masksContacts`: a viewer reads "[PHONE]" for the number. */
export async function textsAboutCall(db: Database, organizationId: string, callId: string, masksContacts: boolean): Promise<CallTextResource[]> {
  const rows = await db
    .select()
    .from(textMessages)
    .where(and(eq(textMessages.organizationId, organizationId), eq(textMessages.callId, callId)))
    .orderBy(asc(textMessages.createdAt));
  return rows.map((row) => ({
    purpose: row.purpose,
    to: masksContacts ? PII_MARKERS.phone : row.toNumber,
    status: row.status,
    reason: row.code ? TEXT_MESSAGES[row.code] : null,
    created_at: row.createdAt.toISOString(),
  }));
}
