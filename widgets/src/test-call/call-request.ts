import { normalizeWidgetPhone } from "@nikki/core/phone";
import { TEST_CALL_COPY, demoCallErrorMessage } from "@nikki/core/widget-copy";
import { widgetRequest } from "../lib/api";
import type { WidgetContext } from "../lib/contract";

export type Problem = readonly [title: string, message: string];

/** Spec 000 §5 "Phone call form": phone required, consent required, then a valid number (normalised to E.164). */
export function checkCallForm(phone: string, consent: boolean): { e164: string } | { problem: Problem } {
  if (!phone.trim()) return { problem: TEST_CALL_COPY.phoneRequired };
  if (!consent) return { problem: TEST_CALL_COPY.consentRequired };
  const normalized = normalizeWidgetPhone(phone);
  return normalized.ok ? { e164: normalized.e164 } : { problem: TEST_CALL_COPY.invalidPhone };
}

/** Spec 000 §5 "Scheduler": a valid number, a date, and that date in the future. */
export function checkSchedule(phone: string, consent: boolean, when: string, now = Date.now()): { e164: string; at: Date } | { problem: Problem } {
  const normalized = normalizeWidgetPhone(phone);
  if (!normalized.ok) return { problem: TEST_CALL_COPY.scheduleInvalidPhone };
  if (!when) return { problem: TEST_CALL_COPY.dateRequired };
  const at = new Date(when);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now) return { problem: TEST_CALL_COPY.dateInPast };
  if (!consent) return { problem: TEST_CALL_COPY.consentRequired };
  return { e164: normalized.e164, at };
}

export async function placeCall(context: WidgetContext, e164: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await widgetRequest<{ ok: boolean; callSid: string }>(
    context,
    "/api/demo-calls",
    { phone: e164, consent: true, page_url: location.href },
    { timeoutMs: 15_000 },
  );
  return result.ok ? { ok: true } : { ok: false, message: demoCallErrorMessage(result.code === "unknown" ? undefined : result.code, result.message) };
}

export async function scheduleCall(context: WidgetContext, e164: string, at: Date): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await widgetRequest<{ id: string }>(context, "/api/demo-calls/scheduled", {
    phone: e164,
    scheduled_at: at.toISOString(),
    consent: true,
    page_url: location.href,
  });
  return result.ok ? { ok: true } : { ok: false, message: result.message || TEST_CALL_COPY.scheduleFailed };
}
