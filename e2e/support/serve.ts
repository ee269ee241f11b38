/**
 * Playwright's web server: a fresh local database, seeded, the provider simulators (OpenAI, Twilio, Stripe,
 * Google sign-in), host pages on a foreign origin for the widgets, and `wrangler dev` serving the built site with its
 * provider settings pointed at the simulators.
 */
import { rmSync } from "node:fs";
import { prepareLocalDatabase, startWorker, stopWorker } from "../../scripts/lib/local";
import { startSimulators } from "../../scripts/lib/simulators";
import { startOidcSimulator } from "@nikki/simulators/oidc";
import { allowWidgetOrigin } from "./db";
import { startHostPages } from "./host-pages";
import {
  E2E_BASE_URL,
  E2E_PORT,
  E2E_STATE_DIR,
  HOST_ORIGIN,
  HOST_PORT,
  INTEGRATIONS_SIM_PORT,
  OIDC_PORT,
  OPENAI_SIM_PORT,
  STRIPE_SIM_PORT,
  TWILIO_SIM_PORT,
} from "./server";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
await prepareLocalDatabase(E2E_STATE_DIR);
// The demo organization's widget key may be embedded on the foreign host pages.
allowWidgetOrigin(HOST_ORIGIN);
const google = await startOidcSimulator(OIDC_PORT);
const simulators = await startSimulators({
  openaiPort: OPENAI_SIM_PORT,
  twilioPort: TWILIO_SIM_PORT,
  stripePort: STRIPE_SIM_PORT,
  integrationsPort: INTEGRATIONS_SIM_PORT,
  publicBaseUrl: E2E_BASE_URL,
});
await startHostPages(E2E_BASE_URL, HOST_PORT);
const worker = await startWorker({
  port: E2E_PORT,
  persistTo: E2E_STATE_DIR,
  testScheduled: true,
  vars: {
    ...simulators.vars,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    void simulators.close();
    process.exit(0);
  });
}
