import { type OrganizationSettings, REGIONS, type Region, SETTINGS_DEFAULTS, type SettingsPatch, isWidgetName } from "@nikki/core";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { preparedQuery } from "../db/prepared";
import { organizationSettings } from "../db/schema";

type Row = typeof organizationSettings.$inferSelect;

/** The private iCalendar feed's absolute URL (`/api/calendar/{token}.ics`), when the deployment knows its origin. */
export const calendarFeedUrl = (origin: string | null, token: string | null) => (origin && token ? `${origin}/api/calendar/${token}.ics` : null);

/** The one serializer of an organization's settings: the stored row in the spec's snake_case, lists as arrays. */
export function serializeSettings(row: Row, origin: string | null): OrganizationSettings {
  return {
    transcript_retention_days: row.transcriptRetentionDays,
    recording_retention_days: row.recordingRetentionDays,
    pii_redaction: row.piiRedaction,
    record_calls: row.recordCalls,
    record_announce: row.recordAnnounce,
    live_listening: row.liveListening,
    default_region: regionOf(row),
    widget_rate_ip_hour: row.widgetRateIpHour,
    widget_rate_phone_day: row.widgetRatePhoneDay,
    allowed_countries: jsonList(row.allowedCountries),
    allowed_origins: jsonList(row.allowedOrigins),
    post_call_sms: row.postCallSms,
    max_call_seconds: row.maxCallSeconds,
    digest_phone: row.digestPhone,
    widget_color: row.widgetColor || SETTINGS_DEFAULTS.widgetColor,
    enabled_widgets: jsonList(row.enabledWidgets).filter(isWidgetName),
    contact_url: row.contactUrl,
    chat_agent_id: row.chatAgentId,
    daily_spend_cap_usd: row.dailySpendCapUsd,
    alert_email: row.alertEmail,
    alert_sms: row.alertSms,
    bridge_ws_url: row.bridgeWsUrl,
    crm_webhook_url: row.crmWebhookUrl,
    sms_sender_number: row.smsSenderNumber,
    booking_min_notice_minutes: row.bookingMinNoticeMinutes,
    booking_horizon_days: row.bookingHorizonDays,
    booking_slot_step_minutes: row.bookingSlotStepMinutes,
    closed_dates: jsonList(row.closedDates),
    blocked_numbers: jsonList(row.blockedNumbers),
    calendar_feed_url: calendarFeedUrl(origin, row.calendarFeedToken),
    texts_per_hour: row.textsPerHour,
    texts_per_day: row.textsPerDay,
  };
}

/** A validated patch as column values (lists stored as JSON text); only the fields it names. */
export function settingsChanges(patch: SettingsPatch): Partial<Row> {
  const changes: Partial<Row> = {};
  const set = <K extends keyof Row>(key: K, value: Row[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  set("transcriptRetentionDays", patch.transcript_retention_days);
  set("recordingRetentionDays", patch.recording_retention_days);
  set("piiRedaction", patch.pii_redaction);
  set("recordCalls", patch.record_calls);
  set("recordAnnounce", patch.record_announce);
  set("liveListening", patch.live_listening);
  set("defaultRegion", patch.default_region);
  set("widgetRateIpHour", patch.widget_rate_ip_hour);
  set("widgetRatePhoneDay", patch.widget_rate_phone_day);
  set("allowedCountries", patch.allowed_countries && JSON.stringify([...new Set(patch.allowed_countries)]));
  set("allowedOrigins", patch.allowed_origins && JSON.stringify([...new Set(patch.allowed_origins)]));
  set("postCallSms", patch.post_call_sms);
  set("maxCallSeconds", patch.max_call_seconds);
  set("digestPhone", patch.digest_phone);
  set("widgetColor", patch.widget_color?.toLowerCase());
  set("enabledWidgets", patch.enabled_widgets && JSON.stringify([...new Set(patch.enabled_widgets)]));
  set("contactUrl", patch.contact_url);
  set("chatAgentId", patch.chat_agent_id);
  set("dailySpendCapUsd", patch.daily_spend_cap_usd);
  set("alertEmail", patch.alert_email);
  set("alertSms", patch.alert_sms);
  set("bridgeWsUrl", patch.bridge_ws_url && patch.bridge_ws_url.replace(/\/+$/, ""));
  set("crmWebhookUrl", patch.crm_webhook_url);
  set("smsSenderNumber", patch.sms_sender_number);
  set("bookingMinNoticeMinutes", patch.booking_min_notice_minutes);
  set("bookingHorizonDays", patch.booking_horizon_days);
  set("bookingSlotStepMinutes", patch.booking_slot_step_minutes);
  set("closedDates", patch.closed_dates && JSON.stringify([...new Set(patch.closed_dates)].sort()));
  set("blockedNumbers", patch.blocked_numbers && JSON.stringify([...new Set(patch.blocked_numbers)]));
  set("textsPerHour", patch.texts_per_hour);
  set("textsPerDay", patch.texts_per_day);
  return changes;
}

/** The fields `patch` names whose values, as the API shows them, `changes` (its column values) would change in `before`. */
export function changedSettings(before: Row, changes: Partial<Row>, patch: SettingsPatch): string[] {
  const was = serializeSettings(before, null);
  const will = serializeSettings({ ...before, ...changes }, null);
  const fields = Object.keys(patch) as (keyof SettingsPatch & keyof OrganizationSettings)[];
  return fields.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(will[field]));
}

/** Built once (db/prepared.ts): a call's booking tools read it on every check and booking. */
const settingsRowQuery = preparedQuery((db) =>
  db
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, sql.placeholder("organizationId")))
    .prepare(),
);

/** The organization's default region (Settings › Calls), in which every phone its members type is read (core's phone.ts). */
export const regionOf = (row: Pick<Row, "defaultRegion">): Region =>
  (REGIONS as readonly string[]).includes(row.defaultRegion) ? (row.defaultRegion as Region) : "US";

/** The organization's settings row, created with the defaults if it is missing. */
export async function settingsRowOf(db: Database, organizationId: string): Promise<Row> {
  const [row] = await settingsRowQuery(db).all({ organizationId });
  if (row) return row;
  const [created] = await db.insert(organizationSettings).values({ organizationId }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, organizationId)))[0]!;
}
