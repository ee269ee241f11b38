/**
 * `npm start`: the whole product on http://localhost:8787, offline, with a local database and the demo organization.
 * `npm start -- --simulate`: the same, with local OpenAI, Twilio and Stripe simulators standing in for the providers, so
 * `npm run call:simulate` can place a whole call you can watch in this terminal's log.
 */
import { existsSync } from "node:fs";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "./lib/local";
import { startSimulators } from "./lib/simulators";

const PORT = Number(process.env.PORT ?? 8787);
const simulate = process.argv.includes("--simulate");

if (!existsSync(`${ROOT}/.dev.vars`) && !simulate) {
  console.log("No .dev.vars found: starting without provider keys. Copy .dev.vars.example to .dev.vars to add them.");
}

console.log("Building the site…");
await buildSite();
console.log("Preparing the local database…");
await prepareLocalDatabase();
const simulators = simulate ? await startSimulators({ openaiPort: 8801, twilioPort: 8802, stripePort: 8803, publicBaseUrl: `http://localhost:${PORT}` }) : null;
if (simulators) {
  console.log(
    `Provider simulators: OpenAI on ${simulators.openai.baseUrl}, Twilio on ${simulators.twilio.baseUrl}, Stripe on http://127.0.0.1:8803 (simulated keys).`,
  );
}
const worker = await startWorker({ port: PORT, vars: simulators?.vars });
console.log(`\nNikki AI is running on http://localhost:${PORT}  (Ctrl+C to stop)`);
if (simulators) console.log("Place a simulated call to the demo number: npm run call:simulate\n");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopWorker(worker);
    void simulators?.close();
    process.exit(0);
  });
}
worker.on("exit", (code) => process.exit(code ?? 0));
