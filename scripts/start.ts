/**
 * `npm start`: the whole product on http://localhost:8787, offline, with a local database and the demo organization.
 * Without provider keys in `.dev.vars` (no OPENAI_API_KEY and no TWILIO_ACCOUNT_SID), or with `--simulate`, local
 * simulators stand in for OpenAI, Twilio, Stripe, the CRMs and ElevenLabs, so setup and a whole call work from the
 * first command (`npm run call:simulate` places one you can watch in this terminal's log). Keys switch to the real ones.
 */
import { existsSync, readFileSync } from "node:fs";
import { ROOT, buildSite, prepareLocalDatabase, startWorker, stopWorker } from "@nikki/dev/local";
import { startSimulators } from "@nikki/dev/simulators";

const PORT = Number(process.env.PORT ?? 8787);
const devVars = existsSync(`${ROOT}/.dev.vars`) ? readFileSync(`${ROOT}/.dev.vars`, "utf8") : "";
const hasProviderKeys = /^(OPENAI_API_KEY|TWILIO_ACCOUNT_SID)=\S+/m.test(devVars);
const simulate = process.argv.includes("--simulate") || !hasProviderKeys;

if (!hasProviderKeys) {
  console.log("No provider keys in .dev.vars: starting the provider simulators. Add keys (see .dev.vars.example) to use the real providers.");
}

console.log("Building the site…");
await buildSite();
console.log("Preparing the local database…");
await prepareLocalDatabase();
/** The simulators' seven ports, from 8801 (SIMULATOR_PORTS_FROM moves them, so two checkouts can each run the product). */
const simulatorPort = (offset: number) => Number(process.env.SIMULATOR_PORTS_FROM ?? 8801) + offset;
const simulators = simulate
  ? await startSimulators({
      openaiPort: simulatorPort(0),
      twilioPort: simulatorPort(1),
      stripePort: simulatorPort(2),
      integrationsPort: simulatorPort(3),
      calendarPorts: { oidc: simulatorPort(4), googleCalendar: simulatorPort(5), calcom: simulatorPort(6) },
      publicBaseUrl: `http://localhost:${PORT}`,
      onMail: (mail) => console.log(`\n[simulated mail] to ${mail.to.join(", ")}: ${mail.subject}\n${mail.text}\n`),
    })
  : null;
if (simulators) {
  console.log(
    `Simulated providers: OpenAI on ${simulators.openai.baseUrl}, Twilio on ${simulators.twilio.baseUrl}, Stripe on http://127.0.0.1:${simulatorPort(2)}, CRMs, ElevenLabs and mail on http://127.0.0.1:${simulatorPort(3)} (e-mails are printed here), Google sign-in on ${simulatorPort(4)}, Google Calendar on ${simulatorPort(5)}, Cal.com on ${simulatorPort(6)} (simulated keys; see README for the business's own test credentials).`,
  );
}
// This deployment's address: a localhost one makes it local to the URL guard (loopback URLs allowed). A tunnel's
// address in .dev.vars (for real Twilio webhooks) is kept, and the guard then applies its deployed rule.
const publicBaseUrl: Record<string, string> = /^PUBLIC_BASE_URL=\S+/m.test(devVars) ? {} : { PUBLIC_BASE_URL: `http://localhost:${PORT}` };
const worker = await startWorker({ port: PORT, vars: { ...simulators?.vars, ...publicBaseUrl } });
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
