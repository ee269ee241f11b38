import { sql } from "drizzle-orm";
import { calls } from "./schema";

/**
 * Earlier calls from this call's number to its business (issue 37 §3), counted on calls_org_from_created_idx: inbound
 * calls only (an outbound call's "caller" is the business); Test Suite calls, screened ones (silent, spam) and rings the
 * caller left before Nikki answered (abandoned) neither counted nor counting. The outer
 * call's columns are written out: drizzle leaves them unqualified in a query without joins, and inside the subquery
 * they would name the earlier call's.
 */
export const previousCallsSql = sql<number>`case when "calls"."direction" = 'inbound' and "calls"."kind" != 'test' and "calls"."screened" is null and "calls"."status" != 'abandoned' then (
  select count(*) from ${calls} "earlier"
  where "earlier"."organization_id" = "calls"."organization_id" and "earlier"."from_number" = "calls"."from_number"
    and "earlier"."created_at" < "calls"."created_at" and "earlier"."direction" = 'inbound' and "earlier"."kind" != 'test' and "earlier"."screened" is null
    and "earlier"."status" != 'abandoned'
) else 0 end`;
