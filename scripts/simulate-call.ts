/**
 * `npm run call:simulate -- [--scenario NAME] [--to NUMBER] [--from NUMBER]`: while `npm start -- --simulate` runs,
 * Twilio (simulated) rings one of the product's numbers and plays a scenario (call-scenarios/). Watch both terminals.
 * The product is on PORT (8787), its Twilio and OpenAI simulators where `npm start` puts them; NIKKI_URL,
 * TWILIO_SIMULATOR_URL and OPENAI_SIMULATOR_URL name others (an e2e run's).
 */
import { parseArgs } from "node:util";
import { DEFAULT_SERVICE } from "@nikki/core";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { DEMO } from "../worker/src/db/seed";
import { SCENARIOS, scenarioNamed } from "./call-scenarios";
import { calledBusiness } from "./call-scenarios/called-business";
import type { ScenarioContext } from "./call-scenarios/scenario";

const E164 = /^\+[1-9]\d{6,14}$/;
const usage = [
  "npm run call:simulate -- [--scenario NAME] [--to NUMBER] [--from NUMBER]",
  "",
  "Rings a number of the running product (`npm start -- --simulate`) as Twilio does, and plays a scenario.",
  `  --scenario NAME  one of the scenarios below (default: booking)`,
  `  --to NUMBER      the product's number to ring, E.164 (default: the demo number ${DEMO.phoneNumber})`,
  "  --from NUMBER    the caller's number, E.164: the number that rings, and the one the caller gives when asked",
  "                   (default: one of the fictional +1 415 555 0100–0199 numbers, a different one each run, so runs in a",
  "                   row are not screened as one number ringing again and again; or the scenario's own)",
  "  --help           this list",
  "",
  "Scenarios:",
  ...SCENARIOS.map((scenario) => `  ${scenario.name.padEnd(18)} ${scenario.summary}`),
].join("\n");

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let values: { scenario?: string; to?: string; from?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { scenario: { type: "string" }, to: { type: "string" }, from: { type: "string" }, help: { type: "boolean", short: "h" } },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const scenario = scenarioNamed(values.scenario ?? "booking") ?? fail(`There is no scenario named "${values.scenario}".`);
const to = values.to ?? DEMO.phoneNumber;
/** A fictional number (555-0100 to 555-0199), drawn for each run: repeated runs must not look like a robocaller redialling. */
const anyCaller = () => `+1415555${String(100 + Math.floor(Math.random() * 100)).padStart(4, "0")}`;
const from = values.from ?? scenario.defaultFrom ?? anyCaller();
if (!E164.test(to)) fail(`--to must be a phone number in E.164 form, like +14155550123 (got "${to}").`);
if (!E164.test(from)) fail(`--from must be a phone number in E.164 form, like +14155550123 (got "${from}").`);

const base = process.env.NIKKI_URL ?? `http://localhost:${process.env.PORT ?? 8787}`;
/** npm start's Twilio and OpenAI simulators (scripts/start.ts). */
const simulatorsFrom = Number(process.env.SIMULATOR_PORTS_FROM ?? 8801);
const twilioRestUrl = process.env.TWILIO_SIMULATOR_URL ?? `http://127.0.0.1:${simulatorsFrom + 1}`;
const openaiUrl = process.env.OPENAI_SIMULATOR_URL ?? `http://127.0.0.1:${simulatorsFrom}`;
const log = (line: string) => console.log(line);
// The caller asks for the business's own first service; a product that cannot be read yet gets the default's name.
const business = await calledBusiness(base, to).catch(() => null);
let tag = 0;
const context: ScenarioContext = {
  baseUrl: base,
  to,
  from,
  twilioRestUrl,
  openaiUrl,
  service: business?.service ?? DEFAULT_SERVICE.name,
  log,
  place: (options) =>
    placeSimulatedCall({
      baseUrl: base,
      publicBaseUrl: base,
      authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
      accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
      from,
      to,
      tag: ++tag,
      // Twilio keeps its record of the call (what the product's reconcile asks when a status callback is lost).
      twilioRestUrl,
      log,
      ...options,
    }),
};
log(`Scenario ${scenario.name}: ${scenario.summary}. Ringing ${to}${business ? ` (${business.name})` : ""} from ${from}.`);
try {
  await scenario.run(context);
} catch (error) {
  // Only a connection nobody answered means the product is not running; any other failure says its own cause (a 429 is a rate limit).
  const notRunning = error instanceof TypeError && error.message === "fetch failed";
  console.error(
    `Could not place the call: ${error instanceof Error ? error.message : String(error)}.${notRunning ? " Start the product with `npm start -- --simulate` first." : ""}`,
  );
  process.exitCode = 1;
}
