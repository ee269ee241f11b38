/** What the messaging gate holds an organization's texts to: its countries, its limits within its plan, its spend cap. */
import { AGENT_DEFAULTS, type Plan, TEXT_LIMIT_DEFAULTS } from "@nikki/core";
import { eq, sql } from "drizzle-orm";
import { planOf } from "../billing/plan";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { preparedQuery } from "../db/prepared";
import { organizationSettings, organizations, subscriptions } from "../db/schema";
import { organizationTimeZoneColumn } from "../org/time-zone";

export interface TextRules {
  allowedCountries: string[];
  /** The organization's own limits, never past its plan's bounds (a plan changed to a smaller one lowers them). */
  perHour: number;
  perDay: number;
  /** The daily spend cap in dollars: the organization's setting, else its plan's. */
  capUsd: number;
  plan: Plan;
  /** The business's time zone: its day is the one the daily limit counts. */
  timeZone: string;
}

/** Everything the rules come from, in one round trip: the settings, the trial's end, the subscription and the zone. */
const rulesQuery = preparedQuery((db) =>
  db
    .select({
      trialEndsAt: organizations.trialEndsAt,
      subscription: subscriptions,
      allowedCountries: organizationSettings.allowedCountries,
      perHour: organizationSettings.textsPerHour,
      perDay: organizationSettings.textsPerDay,
      cap: organizationSettings.dailySpendCapUsd,
      timeZone: organizationTimeZoneColumn(db, organizations.id),
    })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare(),
);

export async function textRulesOf(db: Database, organizationId: string): Promise<TextRules> {
  const [row] = await rulesQuery(db).all({ organizationId });
  const { plan } = planOf(row?.trialEndsAt ?? null, row?.subscription ?? null);
  return {
    // An organization without settings yet has the settings' default: the United States and Canada.
    allowedCountries: row?.allowedCountries ? jsonList(row.allowedCountries) : ["US", "CA"],
    perHour: Math.min(row?.perHour ?? TEXT_LIMIT_DEFAULTS.perHour, plan.texts.perHourMax),
    perDay: Math.min(row?.perDay ?? TEXT_LIMIT_DEFAULTS.perDay, plan.texts.perDayMax),
    capUsd: row?.cap ?? plan.dailySpendCapUsd,
    plan,
    timeZone: row?.timeZone ?? AGENT_DEFAULTS.timezone,
  };
}
