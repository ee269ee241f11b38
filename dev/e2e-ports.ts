import { fileURLToPath } from "node:url";
import { freePorts } from "./free-port";

/**
 * Every port an e2e run uses is a free one, chosen once by the first process to load this file (Playwright's runner,
 * loading its config, or `npm test`, which starts the web server ahead) and handed through the environment to its
 * workers and web server (e2e-server.ts), which inherit
 * it: a run never collides with a running `npm start` or another checkout's tests.
 */
process.env.E2E_PORTS ??= (await freePorts(9)).join(",");
const [worker, oidc, openai, twilio, stripe, integrations, hosts, googleCalendar, calcom] = process.env.E2E_PORTS.split(",").map(Number) as [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** The product under test: the built site and the worker under `wrangler dev`, on its own port and database. */
export const E2E_PORT = worker;
/** The OpenID Connect simulator standing in for Google (sign-in, and the Calendar consent). */
export const OIDC_PORT = oidc;
/** Google Calendar API v3 and Cal.com API v2, for a business's calendars in Integrations. */
export const GOOGLE_CALENDAR_SIM_PORT = googleCalendar;
export const CALCOM_SIM_PORT = calcom;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_STATE_DIR = fileURLToPath(new URL("../.wrangler/e2e", import.meta.url));
/** The OpenAI and Twilio simulators the product under test talks to. */
export const OPENAI_SIM_PORT = openai;
export const TWILIO_SIM_PORT = twilio;
export const STRIPE_SIM_PORT = stripe;
export const INTEGRATIONS_SIM_PORT = integrations;
/** The host pages (a business's own site) on another origin than the worker. */
export const HOST_PORT = hosts;
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
/** The run's web server, from the repository's root: `npx tsx` runs it (Playwright's web server, or `npm test`'s ahead). */
export const E2E_SERVER_SCRIPT = "dev/e2e-server.ts";
/** What e2e-server.ts starts last, once the product answers and allows the host pages: the run is ready. */
export const E2E_READY_URL = `${HOST_ORIGIN}/`;
