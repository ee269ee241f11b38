/**
 * The e2e run's web server (`npx tsx dev/e2e-server.ts`: Playwright's, or `npm test`'s started ahead): a fresh local
 * database, seeded, the provider simulators (OpenAI, Twilio, Stripe, the CRMs, Google sign-in with its Calendar
 * consent, Google Calendar and Cal.com), host pages on a foreign origin for the widgets, and `wrangler dev` serving
 * the built site with its provider settings pointed at the simulators, on the run's ports (e2e-ports.ts).
 */
import { rmSync } from "node:fs";
import { allowWidgetOrigin } from "./local-d1";
import { startHostPages } from "./host-pages";
import { prepareLocalDatabase, startWorker, stopWorker } from "./local";
import { startSimulators } from "./simulators";
import {
  CALCOM_SIM_PORT,
  E2E_BASE_URL,
  E2E_PORT,
  E2E_STATE_DIR,
  GOOGLE_CALENDAR_SIM_PORT,
  HOST_ORIGIN,
  HOST_PORT,
  INTEGRATIONS_SIM_PORT,
  OIDC_PORT,
  OPENAI_SIM_PORT,
  STRIPE_SIM_PORT,
  TWILIO_SIM_PORT,
} from "./e2e-ports";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
await prepareLocalDatabase(E2E_STATE_DIR);
const simulators = await startSimulators({
  openaiPort: OPENAI_SIM_PORT,
  twilioPort: TWILIO_SIM_PORT,
  stripePort: STRIPE_SIM_PORT,
  integrationsPort: INTEGRATIONS_SIM_PORT,
  calendarPorts: { oidc: OIDC_PORT, googleCalendar: GOOGLE_CALENDAR_SIM_PORT, calcom: CALCOM_SIM_PORT },
  publicBaseUrl: E2E_BASE_URL,
});
const worker = await startWorker({
  port: E2E_PORT,
  persistTo: E2E_STATE_DIR,
  testScheduled: true,
  vars: simulators.vars,
});
// The demo organization's widget key may be embedded on the foreign host pages, which answer last: the run is ready.
await allowWidgetOrigin(E2E_BASE_URL, HOST_ORIGIN);
await startHostPages(E2E_BASE_URL, HOST_PORT);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    void simulators.close();
    process.exit(0);
  });
}
