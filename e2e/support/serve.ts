/**
 * Playwright's web server: a fresh local database, seeded, the provider simulators, and `wrangler dev`
 * serving the built site with its provider settings pointed at them.
 */
import { rmSync } from "node:fs";
import { prepareLocalDatabase, startWorker, stopWorker } from "../../scripts/lib/local";
import { startOidcSimulator } from "../simulators/oidc";
import { E2E_PORT, E2E_STATE_DIR, OIDC_PORT } from "./server";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
await prepareLocalDatabase(E2E_STATE_DIR);
const google = await startOidcSimulator(OIDC_PORT);
const worker = await startWorker({
  port: E2E_PORT,
  persistTo: E2E_STATE_DIR,
  vars: {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    process.exit(0);
  });
}
