import { DEMO_CALL_CONSENT, type DemoCallInput, LIMITS, TEST_CALL_COPY, checkDestination, demoCallSchema, parseFields } from "@nikki/core";
import type { Database } from "../db/client";
import { consentRecords } from "../db/schema";
import { ApiError } from "../http/api-error";
import { DAY_MS } from "../middleware/rate-limit";
import type { WidgetOwner } from "../widget-keys";

/**
 * The checks every demo call passes before anything is written, for "call me now" and "schedule for later" alike:
 * consent, then where calls may go (core's one rule: the phone rules of spec 000 §5, the organization's allowed
 * countries, never premium or extension digits). Throws the spec's error codes. The per-IP and per-phone limits come after, as the route's rate-limit middleware.
 */
export function checkDemoCallInput(owner: WidgetOwner, body: unknown, referer: string | null): DemoCallInput {
  const parsed = parseFields(demoCallSchema, body);
  if (!parsed.ok) throw new ApiError("invalid_phone");
  if (parsed.data.consent !== true) throw new ApiError("consent_required");
  const destination = checkDestination(parsed.data.phone, owner.allowedCountries);
  if (!destination.ok) throw new ApiError(destination.code, { message: destination.message });
  return { e164: destination.e164, pageUrl: parsed.data.page_url ?? referer };
}

/** When a scheduled demo call is due: a time within the next LIMITS.scheduleHorizonDays days, in the spec's words otherwise. */
export function scheduledTime(body: unknown, now = Date.now()): Date {
  const raw = typeof body === "object" && body !== null ? (body as { scheduled_at?: unknown }).scheduled_at : undefined;
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new ApiError("validation_failed", { message: TEST_CALL_COPY.dateRequired[1], fields: { scheduled_at: TEST_CALL_COPY.dateRequired[1] } });
  }
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now) {
    throw new ApiError("validation_failed", { message: TEST_CALL_COPY.dateInPast[1], fields: { scheduled_at: TEST_CALL_COPY.dateInPast[1] } });
  }
  if (at.getTime() > now + LIMITS.scheduleHorizonDays * DAY_MS) {
    const message = `Please pick a time within the next ${LIMITS.scheduleHorizonDays} days.`;
    throw new ApiError("validation_failed", { message, fields: { scheduled_at: message } });
  }
  return at;
}

/** The consent record, written before any call is placed or queued. */
export async function recordConsent(
  db: Database,
  owner: WidgetOwner,
  input: DemoCallInput,
  visitor: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const [row] = await db
    .insert(consentRecords)
    .values({
      organizationId: owner.organizationId,
      widgetKeyId: owner.widgetKeyId,
      phoneE164: input.e164,
      consentTextVersion: DEMO_CALL_CONSENT.version,
      consentText: DEMO_CALL_CONSENT.text,
      ip: visitor.ip,
      userAgent: visitor.userAgent?.slice(0, 512) ?? null,
      pageUrl: input.pageUrl?.slice(0, 2048) ?? null,
    })
    .returning({ id: consentRecords.id });
  return row!.id;
}
