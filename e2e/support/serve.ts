/** Playwright's web server: a fresh local database, seeded, and `wrangler dev` serving the built site. */
import { rmSync } from "node:fs";
import { prepareLocalDatabase, startWorker, stopWorker } from "../../scripts/lib/local";
import { E2E_PORT, E2E_STATE_DIR } from "./server";

rmSync(E2E_STATE_DIR, { recursive: true, force: true });
await prepareLocalDatabase(E2E_STATE_DIR);
const worker = await startWorker({ port: E2E_PORT, persistTo: E2E_STATE_DIR });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    process.exit(0);
  });
}
