import { type BusinessLead, type CallAppointmentResource, businessLeadsQuerySchema, maskedLead, masksContactsFor } from "@nikki/core";
import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { Hono } from "hono";
import { afterCursor, pageOf } from "../../db/cursor";
import { calls, leads } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { queryOf } from "../../http/parse-body";
import { access, orgCaller } from "../../middleware/access";
import { appointmentsOfCalls } from "../../appointments/of-calls";
import { organizationOwnNames } from "../../org/own-names";
import { organizationTimeZone } from "../../org/time-zone";
import { hasCrm } from "../../services/crm";
import { integrationRows } from "../../services/integrations/store";

const PAGE = 50;

type LeadRow = typeof leads.$inferSelect & { callSummary: string | null };

function serializeBusinessLead(row: LeadRow, booked: Map<string, CallAppointmentResource[]>): BusinessLead {
  return {
    id: row.id,
    source: row.source,
    name: row.name,
    phone: row.phone,
    email: row.email,
    intent: row.intent,
    notes: row.notes,
    call_id: row.callId,
    summary: row.callSummary,
    appointments: row.callId ? (booked.get(row.callId) ?? []) : [],
    crm_synced_at: row.crmSyncedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * `GET /api/leads` (every member): the organization's own leads, from its calls and its website chat, newest first,
 * each with what its call booked (times in the business's zone) and its call's summary; a viewer reads their contact details masked.
 * `crm_connected`: whether a CRM is connected at all, so "not sent" is said only where a CRM could have had it.
 */
export const businessLeadRoutes = new Hono<AppEnv>().get("/", access("viewer"), queryOf(businessLeadsQuerySchema, "a leads query"), async (c) => {
  const caller = orgCaller(c);
  const { cursor } = c.req.valid("query");
  const rows = await c.var.db
    .select({ ...getTableColumns(leads), callSummary: calls.summary })
    .from(leads)
    .leftJoin(calls, and(eq(calls.id, leads.callId), eq(calls.organizationId, leads.organizationId)))
    .where(and(eq(leads.organizationId, caller.organizationId), cursor ? afterCursor(cursor, { createdAt: leads.createdAt, id: leads.id }) : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(PAGE + 1);
  const { page, next_cursor } = pageOf(rows, PAGE);
  const callIds = page.flatMap((row) => (row.callId ? [row.callId] : []));
  const booked = await appointmentsOfCalls(c.var.db, caller.organizationId, callIds, await organizationTimeZone(c.var.db, caller.organizationId));
  const keep = masksContactsFor(caller.role) ? await organizationOwnNames(c.var.db, caller.organizationId) : null;
  const shown = page.map((row) => serializeBusinessLead(row, booked)).map((lead) => (keep ? maskedLead(lead, keep) : lead));
  const crm_connected = hasCrm(await integrationRows(c.var.db, caller.organizationId));
  return c.json({ leads: shown, next_cursor, crm_connected }, 200, { "cache-control": "no-store" });
});
