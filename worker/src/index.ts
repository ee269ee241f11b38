import { createApp } from "./app";
import { type Bindings, readConfig } from "./env";
import { rearmDueAnalyses } from "./jobs/analysis-retries";
import { sendAppointmentReminders } from "./jobs/appointment-reminders";
import { syncCalendars } from "./appointments/calendar-sync";
import { createLogger, type LogLevel } from "./logger";
import { sendMorningDigests } from "./jobs/morning-digest";
import { reconcileOpenCalls } from "./jobs/reconcile-calls";
import { purgeExpiredCallData } from "./jobs/retention-purge";
import { placeDueDemoCalls } from "./jobs/scheduled-demo-calls";
import { liveServices } from "./services";
import { callEffectsOf } from "./test-suite/call-effects-of";
import { CallSession as VoiceCallSession } from "./voice/call-session";

export { RateLimiter } from "./durable/rate-limiter";
export { SpendMeter } from "./durable/spend-meter";
export { OrgEvents } from "./durable/org-events";
export { TestSuiteRunner } from "./test-suite/runner";
export { KnowledgeImporter } from "./knowledge/import/importer";

/** Each call's Durable Object (voice/call-session.ts), handed the one choice of its effects: voice/ knows no Test Suite. */
export class CallSession extends VoiceCallSession {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env, callEffectsOf);
  }
}

const app = createApp(liveServices);

export default {
  fetch: app.fetch,
  /**
   * Every minute: scheduled demo calls that are due, appointment reminders (24 h before), and calls still open past
   * their longest length asked of Twilio (their status callback never came; the scheduled time stands for now, so a
   * test can run the cron later than the clock). Every 15 minutes as well:
   * morning digests that are due, analyses whose retry alarm did not run, call data past the organizations'
   * retention days, and connected calendars (copies still to make, bookings the business deleted there).
   */
  async scheduled(controller, env, ctx) {
    const services = liveServices(env, readConfig(env));
    const jobs: Promise<unknown>[] = [
      placeDueDemoCalls(services),
      sendAppointmentReminders(services),
      reconcileOpenCalls(services, env.CALL_SESSION, new Date(controller.scheduledTime)),
    ];
    if (new Date(controller.scheduledTime).getUTCMinutes() % 15 === 0) {
      jobs.push(
        sendMorningDigests(services),
        rearmDueAnalyses(services, env.CALL_SESSION),
        purgeExpiredCallData(services),
        syncCalendars(services, createLogger({ component: "calendar_sync" }, services.config.LOG_LEVEL as LogLevel)),
      );
    }
    ctx.waitUntil(Promise.all(jobs));
  },
} satisfies ExportedHandler<Bindings>;
