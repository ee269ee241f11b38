/** `npm start`: the whole product on http://localhost:8787, offline, with a local database and the demo organization. */
import { existsSync } from "node:fs";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "./lib/local";

const PORT = Number(process.env.PORT ?? 8787);

if (!existsSync(`${ROOT}/.dev.vars`)) {
  console.log("No .dev.vars found: starting without provider keys. Copy .dev.vars.example to .dev.vars to add them.");
}

console.log("Building the site…");
await buildSite();
console.log("Preparing the local database…");
await prepareLocalDatabase();
const worker = await startWorker({ port: PORT });
console.log(`\nNikki AI is running on http://localhost:${PORT}  (Ctrl+C to stop)\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    process.exit(0);
  });
}
worker.on("exit", (code) => process.exit(code ?? 0));
