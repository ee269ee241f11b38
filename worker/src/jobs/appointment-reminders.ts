/**
 * One reminder text 24 hours before each appointment (issue 35 §5), from the cron: claimed before it is sent, so two
 * runs never text twice. A booking made less than a day ahead gets none (its confirmation was the reminder); a moved one
 * is due again for its new time.
 */
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { textAboutAppointment } from "../appointments/notify";
import { appointments } from "../db/schema";
import { type LogLevel, createLogger } from "../logger";
import type { Services } from "../services";

const DAY_MS = 86_400_000;
const BATCH = 200;

export async function sendAppointmentReminders(services: Services, now = new Date()): Promise<number> {
  const { db } = services;
  const log = createLogger({ component: "appointment_reminders" }, services.config.LOG_LEVEL as LogLevel);
  const due = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "booked"),
        isNull(appointments.reminderSentAt),
        gt(appointments.startAt, now),
        lte(appointments.startAt, new Date(now.getTime() + DAY_MS)),
        sql`${appointments.createdAt} <= ${appointments.startAt} - ${DAY_MS}`,
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(BATCH);
  let sent = 0;
  for (const row of due) {
    const [claimed] = await db
      .update(appointments)
      .set({ reminderSentAt: now })
      .where(and(eq(appointments.id, row.id), isNull(appointments.reminderSentAt), eq(appointments.startAt, row.startAt)))
      .returning();
    if (!claimed) continue;
    const outcome = await textAboutAppointment(services, claimed, "reminder", { log });
    if (outcome === "sent") sent++;
    log.info("appointment_reminder", { appointment_id: row.id, outcome });
  }
  return sent;
}
