import { type IntegrationProvider, isCalendar } from "@nikki/core";
import type { Context } from "hono";
import { calendarConnected } from "../../appointments/calendar-sync";
import type { AppEnv } from "../../app-env";

/**
 * A calendar that has just passed its test (Google after consent, Cal.com through Test Connection): the organization's
 * upcoming bookings are copied there, after the answer. Any other provider: nothing.
 */
export async function copyBookingsToConnected(c: Context<AppEnv>, organizationId: string, provider: IntegrationProvider): Promise<void> {
  if (!isCalendar(provider)) return;
  await calendarConnected(c.var.services, c.var.log, { organizationId, provider }, (work) => c.executionCtx.waitUntil(work));
}
