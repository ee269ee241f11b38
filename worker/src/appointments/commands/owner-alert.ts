/**
 * The owner hears when the booked person moves or cancels on their manage page (issue 54): one e-mail a change, to
 * the people call alerts go to (after-call/call-alerts.ts), while the organization's alert e-mail is on, through the
 * same mailer; a viewer reads the person's name and number masked, as the dashboard shows them. Times are in the
 * business's time zone.
 */
import { PII_MARKERS, manageChangeAlert, masksContactsFor, zonedSlotLabel } from "@nikki/core";
import { eq } from "drizzle-orm";
import { organizationSettings } from "../../db/schema";
import type { Logger } from "../../logger";
import { alertRecipientsQuery } from "../../org/alert-recipients";
import { organizationTimeZone } from "../../org/time-zone";
import type { Services } from "../../services";
import type { AppointmentRow } from "../store";

export async function alertOwnerOfManageChange(
  services: Services,
  log: Logger,
  row: AppointmentRow,
  change: "rescheduled" | "canceled",
  before?: AppointmentRow,
): Promise<void> {
  const { db } = services;
  const organizationId = row.organizationId;
  const [settings] = await db
    .select({ alertEmail: organizationSettings.alertEmail })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (!(settings?.alertEmail ?? true)) return;
  const [recipients, zone] = await Promise.all([alertRecipientsQuery(db, organizationId), organizationTimeZone(db, organizationId)]);
  const facts = {
    change,
    service: row.serviceName,
    when: zonedSlotLabel(row.startAt, zone),
    was: before ? zonedSlotLabel(before.startAt, zone) : null,
    code: row.confirmationCode,
    link: `${services.config.publicOrigin ?? ""}/dashboard/appointments`,
  };
  const mailer = services.mailer(log);
  let emailed = 0;
  for (const { email, role } of recipients) {
    const masks = masksContactsFor(role);
    const mail = manageChangeAlert({ ...facts, name: masks ? PII_MARKERS.name : row.name, phone: masks ? PII_MARKERS.phone : row.phone });
    try {
      await mailer.send({ to: email, ...mail });
      emailed++;
    } catch (error) {
      log.warn("manage_change_alert_failed", { error: String(error) });
    }
  }
  log.info("manage_change_alert_sent", { organization_id: organizationId, change, emailed });
}
