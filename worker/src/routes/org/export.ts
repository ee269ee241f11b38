import { EXPORT_CALL_COLUMNS, bookedTimesText, csvOf } from "@nikki/core";
import { asc, desc, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { appointmentsOfCalls } from "../../appointments/of-calls";
import type { Database } from "../../db/client";
import { agents, auditLog, calls, members, organizations, phoneNumbers, textMessages, users } from "../../db/schema";
import { knowledgeBoxesOf } from "../../knowledge/box";
import { exportKnowledge } from "../../knowledge/export";
import { serializeAgent } from "../agents/resource";
import { auditColumns } from "./audit";
import { serializeCallDetail } from "../calls/detail";
import { callColumns } from "../calls/list";
import { serializeNumber } from "../numbers/resource";
import { serializeSettings, settingsRowOf } from "../../org/settings";
import { organizationTimeZone } from "../../org/time-zone";

const PAGE = 500;

/** Every call of the organization, oldest first, in pages (D1 answers at most so many rows at once). */
async function allCalls(db: Database, organizationId: string) {
  const rows = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await db
      .select(callColumns)
      .from(calls)
      .leftJoin(agents, eq(agents.id, calls.agentId))
      .where(eq(calls.organizationId, organizationId))
      .orderBy(asc(calls.createdAt), asc(calls.id))
      .limit(PAGE)
      .offset(offset);
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}

/**
 * The organization's data as a zip: organization.json (the organization, settings, agents, numbers, members, audit
 * log, the record of texts sent or refused), knowledge.json (the knowledge entries and the questions callers asked that it did not answer), calls.json
 * (each call with its transcript, summary and entities) and calls.csv. No credential is in it:
 * integrations are not exported, and nothing here holds a secret.
 */
export async function exportOrganization(db: Database, organizationId: string, now = new Date()): Promise<{ filename: string; zip: Uint8Array }> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  // The calendar feed is a private link: left out, as credentials are.
  const settings = serializeSettings(await settingsRowOf(db, organizationId), null);
  const agentRows = await db.select().from(agents).where(eq(agents.organizationId, organizationId)).orderBy(asc(agents.createdAt));
  const boxes = await knowledgeBoxesOf(
    db,
    organizationId,
    agentRows.map((row) => row.id),
  );
  const numberRows = await db
    .select({ number: phoneNumbers, agentName: agents.name })
    .from(phoneNumbers)
    .leftJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(eq(phoneNumbers.organizationId, organizationId));
  const memberRows = await db
    .select({ email: users.email, name: users.name, role: members.role, joined_at: members.createdAt })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.organizationId, organizationId));
  const audit = await db.select(auditColumns).from(auditLog).where(eq(auditLog.organizationId, organizationId)).orderBy(desc(auditLog.createdAt));
  const texts = await db
    .select({
      created_at: textMessages.createdAt,
      purpose: textMessages.purpose,
      from_number: textMessages.fromNumber,
      to_number: textMessages.toNumber,
      status: textMessages.status,
      code: textMessages.code,
      segments: textMessages.segments,
      price_micro_usd: textMessages.priceMicroUsd,
      message_sid: textMessages.messageSid,
      call_id: textMessages.callId,
    })
    .from(textMessages)
    .where(eq(textMessages.organizationId, organizationId))
    .orderBy(desc(textMessages.createdAt));
  const booked = await appointmentsOfCalls(db, organizationId, "all", await organizationTimeZone(db, organizationId));
  // Only the owner exports: the speech as stored (redacted with redaction on), the caller's contact details as given.
  const callDetails = (await allCalls(db, organizationId)).map((row) => ({
    ...serializeCallDetail(row, { storedRedacted: settings.pii_redaction, masksContacts: false, keep: [] }, booked.get(row.call.id) ?? []),
    direction: row.call.direction,
  }));

  const organizationJson = {
    exported_at: now.toISOString(),
    organization: organization ? { id: organization.id, name: organization.name, created_at: organization.createdAt } : null,
    settings,
    agents: agentRows.map((row) => serializeAgent(row, [], boxes.get(row.id) ?? "")),
    numbers: numberRows.map((row) => serializeNumber(row.number, row.agentName)),
    members: memberRows,
    audit_log: audit.map((entry) => ({ ...entry, details: entry.details ? (JSON.parse(entry.details) as unknown) : null })),
    text_messages: texts,
  };
  const csv = csvOf(
    EXPORT_CALL_COLUMNS,
    callDetails.map((call) => ({
      ...call,
      transcript: call.transcript.map((line) => `${line.role}: ${line.content}`).join("\n"),
      appointment: bookedTimesText(call.appointments),
    })),
  );
  const zip = zipSync(
    {
      "organization.json": strToU8(JSON.stringify(organizationJson, null, 2)),
      "knowledge.json": strToU8(JSON.stringify(await exportKnowledge(db, organizationId), null, 2)),
      "calls.json": strToU8(JSON.stringify({ calls: callDetails }, null, 2)),
      "calls.csv": strToU8(csv),
    },
    { level: 6, mtime: now },
  );
  const slug =
    (organization?.name ?? "organization")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "organization";
  return { filename: `nikki-${slug}-${now.toISOString().slice(0, 10)}.zip`, zip };
}
