import { startCrmSimulator } from "../../e2e/simulators/crm";
import { startOpenAiSimulator } from "../../e2e/simulators/openai";
import { startStripeSimulator } from "../../e2e/simulators/stripe";
import { SIMULATED_PRICE_AMOUNTS } from "../../e2e/simulators/stripe-vars";
import { startTwilioRestSimulator } from "../../e2e/simulators/twilio-rest";
import { BOOKING_SCRIPT, SIMULATED } from "./simulators";

/** Starts the provider simulators (in Node, beside workerd) for the worker tests. */
export default async function setup() {
  const openai = await startOpenAiSimulator({ port: SIMULATED.openaiPort, apiKey: SIMULATED.openaiKey, script: BOOKING_SCRIPT });
  const twilio = await startTwilioRestSimulator({
    port: SIMULATED.twilioPort,
    accountSid: SIMULATED.twilioAccountSid,
    authToken: SIMULATED.twilioAuthToken,
  });
  const crm = await startCrmSimulator(SIMULATED.crmPort);
  const stripe = await startStripeSimulator({
    port: SIMULATED.stripePort,
    secretKey: SIMULATED.stripeSecretKey,
    webhookSecret: SIMULATED.stripeWebhookSecret,
    // The worker tests deliver their own events (SELF.fetch); paying on the simulator's page is an e2e flow.
    webhookUrl: "http://127.0.0.1:9/webhooks/stripe",
    prices: SIMULATED_PRICE_AMOUNTS,
  });
  return async () => {
    await openai.close();
    await twilio.close();
    await crm.close();
    await stripe.close();
  };
}
