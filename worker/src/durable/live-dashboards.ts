/**
 * Whether anybody watches an organization's live channel, so a call's webhooks skip the Durable Object call that would
 * tell nobody (issue 38 §3). Its OrgEvents object writes how many dashboards it holds open
 * (`organization_settings.live_dashboards`) whenever one connects or leaves; the webhooks read it with what they read
 * anyway (the call's context, its end). An organization with no settings row reads null and is always told.
 */
import { sql } from "drizzle-orm";
import { organizationSettings } from "../db/schema";

/** Whether to tell an organization's dashboards, from the count its settings row holds (null: unknown, so yes). */
export const dashboardsOpen = (count: number | null | undefined): boolean => count !== 0;

/** The count, as a column of a query on `calls` (inside a RETURNING clause too). */
export const liveDashboardsOfCall = () =>
  sql<number | null>`(select "d"."live_dashboards" from ${organizationSettings} "d" where "d"."organization_id" = "calls"."organization_id")`;
