import { getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { leads } from "../../db/schema";
import { purposeKey, toBase64Url } from "../../call/keyed-hash";

type LeadValues = typeof leads.$inferInsert & { submitter: string };

const encoder = new TextEncoder();

/**
 * Who sent a lead-form submission, as stored beside the lead: a keyed hash of the address (HMAC with the
 * deployment's secret when it has one), so the database can count an address's leads without keeping the address.
 */
export async function submitterOf(address: string, secret: string | undefined): Promise<string> {
  const data = encoder.encode(`lead-submitter:${address}`);
  if (!secret) return toBase64Url(await crypto.subtle.digest("SHA-256", data));
  return toBase64Url(await crypto.subtle.sign("HMAC", await purposeKey("lead-submitter", secret), data));
}

export type LimitedInsert = { id: string } | { id: null; retryAfterMs: number };

/**
 * Stores the lead unless its submitter already sent `limit` in the last `windowMs`. The count and the insert are
 * one statement, in the same round trip to the database as the insert alone: a burst cannot pass the limit, and
 * the form pays no extra hop for its spam guard. Refused: when the oldest counted lead leaves the window.
 */
export async function insertLeadWithinLimit(db: Database, values: LeadValues, limit: number, windowMs: number): Promise<LimitedInsert> {
  const row: Record<string, unknown> = { ...values, id: crypto.randomUUID() };
  const columns = Object.entries(getTableColumns(leads)).filter(([key]) => row[key] !== undefined);
  const since = Date.now() - windowMs;
  const counted = sql`${leads.submitter} = ${values.submitter} and ${leads.createdAt} > ${since}`;
  const inserted = await db.all<{ id: string }>(
    sql`insert into ${leads} (${sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${sql.join(
      columns.map(([key, column]) => sql`${column.mapToDriverValue(row[key])}`),
      sql`, `,
    )} where (select count(*) from ${leads} where ${counted}) < ${limit} returning "id"`,
  );
  if (inserted[0]) return { id: inserted[0].id };
  const [oldest] = await db.all<{ at: number | null }>(sql`select min(${leads.createdAt}) as at from ${leads} where ${counted}`);
  return { id: null, retryAfterMs: (oldest?.at ?? Date.now()) + windowMs - Date.now() };
}
