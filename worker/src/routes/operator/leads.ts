import { OPERATOR_LEAD_COLUMNS, type OperatorLead, csvOf, operatorLeadsQuerySchema } from "@nikki/core";
import { type SQL, and, desc, isNull, or } from "drizzle-orm";
import { Hono } from "hono";
import { containsText } from "../../db/contains-text";
import { afterCursor, pageOf } from "../../db/cursor";
import { leads } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { queryOf } from "../../http/parse-body";
import { access } from "../../middleware/access";

const PAGE = 50;
const CSV_LIMIT = 10_000;

function serializeLead(row: typeof leads.$inferSelect): OperatorLead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    intent: row.intent,
    notes: row.notes,
    desired_date_time: row.desiredDateTime,
    source_page: row.sourcePage,
    created_at: row.createdAt.toISOString(),
  };
}

const leadsQuery = queryOf(operatorLeadsQuerySchema, "a leads query");

/** The product site's own leads (no organization), matching the search on name, phone, e-mail or need. */
function leadFilter(query: { q?: string; cursor?: string }): { where: (SQL | undefined)[]; cursor?: string } {
  const where: (SQL | undefined)[] = [isNull(leads.organizationId)];
  if (query.q) {
    const q = query.q;
    where.push(or(...[leads.name, leads.phone, leads.email, leads.intent].map((column) => containsText(column, q))));
  }
  return { where, cursor: query.cursor };
}

/** `/api/operator/leads` (the product's operators): the contact form's leads, newest first, searchable, and as CSV. */
export const operatorLeadRoutes = new Hono<AppEnv>()
  .get("/leads", access("operator"), leadsQuery, async (c) => {
    const { where, cursor } = leadFilter(c.req.valid("query"));
    if (cursor) where.push(afterCursor(cursor, { createdAt: leads.createdAt, id: leads.id }));
    const rows = await c.var.db
      .select()
      .from(leads)
      .where(and(...where))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(PAGE + 1);
    const { page, next_cursor } = pageOf(rows, PAGE);
    return c.json({ leads: page.map(serializeLead), next_cursor }, 200, { "cache-control": "no-store" });
  })
  .get("/leads.csv", access("operator"), leadsQuery, async (c) => {
    const { where } = leadFilter(c.req.valid("query"));
    const rows = await c.var.db
      .select()
      .from(leads)
      .where(and(...where))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(CSV_LIMIT);
    const csv = csvOf(OPERATOR_LEAD_COLUMNS, rows.map(serializeLead) as unknown as Record<string, unknown>[]);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="nikki-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "no-store",
    });
  });
