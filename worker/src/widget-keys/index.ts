import { SETTINGS_DEFAULTS, type WidgetName, isWidgetName } from "@nikki/core";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { organizationSettings, organizations, widgetKeys } from "../db/schema";

export interface WidgetOwner {
  widgetKeyId: string;
  organizationId: string;
  organizationName: string;
  allowedOrigins: string[];
  /** Destinations the Test-a-Call widget may dial, and its limits (spec 001 §9 defaults when unset). */
  allowedCountries: string[];
  demoCallsPerIpHour: number;
  demoCallsPerPhoneDay: number;
  color: string;
  enabledWidgets: WidgetName[];
  contactUrl: string | null;
}

/** The organization behind a public widget key (`data-key`); null for an unknown or revoked key. */
export async function widgetOwner(db: Database, publicKey: string): Promise<WidgetOwner | null> {
  if (!/^pk_[a-z0-9_]{8,64}$/i.test(publicKey)) return null;
  const [row] = await db
    .select({ key: widgetKeys, name: organizations.name, settings: organizationSettings })
    .from(widgetKeys)
    .innerJoin(organizations, eq(organizations.id, widgetKeys.organizationId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, widgetKeys.organizationId))
    .where(and(eq(widgetKeys.publicKey, publicKey), isNull(widgetKeys.revokedAt)));
  if (!row) return null;
  return {
    widgetKeyId: row.key.id,
    organizationId: row.key.organizationId,
    organizationName: row.name,
    allowedOrigins: jsonList(row.settings?.allowedOrigins),
    allowedCountries: row.settings ? jsonList(row.settings.allowedCountries) : [...SETTINGS_DEFAULTS.allowedCountries],
    demoCallsPerIpHour: row.settings?.widgetRateIpHour ?? SETTINGS_DEFAULTS.widgetRateIpHour,
    demoCallsPerPhoneDay: row.settings?.widgetRatePhoneDay ?? SETTINGS_DEFAULTS.widgetRatePhoneDay,
    // The colour is written into the widgets' stylesheets: only a plain #rrggbb gets through.
    color: /^#[0-9a-f]{6}$/i.test(row.settings?.widgetColor ?? "") ? row.settings!.widgetColor : SETTINGS_DEFAULTS.widgetColor,
    enabledWidgets: row.settings ? jsonList(row.settings.enabledWidgets).filter(isWidgetName) : [...SETTINGS_DEFAULTS.enabledWidgets],
    contactUrl: row.settings?.contactUrl ?? null,
  };
}

const SEEN_REFRESH_MS = 60 * 60 * 1000;

/** Notes a site a widget runs on (at most hourly per key and origin), so Getting started can tick "widget on your site". */
export async function markWidgetSeen(db: Database, widgetKeyId: string, origin: string): Promise<void> {
  await db
    .update(widgetKeys)
    .set({ lastSeenOrigin: origin, lastSeenAt: new Date() })
    .where(
      and(
        eq(widgetKeys.id, widgetKeyId),
        or(isNull(widgetKeys.lastSeenAt), lt(widgetKeys.lastSeenAt, new Date(Date.now() - SEEN_REFRESH_MS)), ne(widgetKeys.lastSeenOrigin, origin)),
      ),
    );
}
