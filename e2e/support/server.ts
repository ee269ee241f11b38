import { fileURLToPath } from "node:url";

/** The product under test: the built site and the worker under `wrangler dev`, on its own port and database. */
export const E2E_PORT = 8791;
/** The OpenID Connect simulator standing in for Google. */
export const OIDC_PORT = 8795;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_STATE_DIR = fileURLToPath(new URL("../../.wrangler/e2e", import.meta.url));
/** The OpenAI and Twilio simulators the product under test talks to. */
export const OPENAI_SIM_PORT = 8821;
export const TWILIO_SIM_PORT = 8822;
export const STRIPE_SIM_PORT = 8823;
export const INTEGRATIONS_SIM_PORT = 8824;
