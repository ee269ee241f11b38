import { startCalcomSimulator } from "@nikki/simulators/calcom";
import { startGoogleCalendarSimulator } from "@nikki/simulators/google-calendar";
import { startIntegrationsSimulator } from "@nikki/simulators/integrations";
import { startOidcSimulator } from "@nikki/simulators/oidc";
import { startOpenAiSimulator } from "@nikki/simulators/openai";
import { startStripeSimulator } from "@nikki/simulators/stripe";
import { SIMULATED_PRICE_AMOUNTS } from "@nikki/simulators/stripe-vars";
import { startTwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import { SIMULATED_BUSINESS_CREDENTIALS } from "@nikki/simulators/credentials";
import { BOOKING_SCRIPT, SIMULATED } from "./simulators";

/** Starts the provider simulators (in Node, beside workerd) for the worker tests. */
export default async function setup() {
  const openai = await startOpenAiSimulator({ port: SIMULATED.openaiPort, apiKey: SIMULATED.openaiKey, script: BOOKING_SCRIPT });
  const twilio = await startTwilioRestSimulator({
    port: SIMULATED.twilioPort,
    accountSid: SIMULATED.twilioAccountSid,
    authToken: SIMULATED.twilioAuthToken,
    otherAccounts: [
      {
        accountSid: SIMULATED_BUSINESS_CREDENTIALS.twilio.account_sid,
        authToken: SIMULATED_BUSINESS_CREDENTIALS.twilio.auth_token,
        friendlyName: "Acme Plumbing",
      },
    ],
  });
  const crm = await startIntegrationsSimulator(SIMULATED.crmPort);
  const stripe = await startStripeSimulator({
    port: SIMULATED.stripePort,
    secretKey: SIMULATED.stripeSecretKey,
    webhookSecret: SIMULATED.stripeWebhookSecret,
    // The worker tests deliver their own events (SELF.fetch); paying on the simulator's page is an e2e flow.
    webhookUrl: "http://127.0.0.1:9/webhooks/stripe",
    prices: SIMULATED_PRICE_AMOUNTS,
  });
  const google = await startOidcSimulator(SIMULATED.oidcPort, { clientSecret: SIMULATED.googleClientSecret });
  const calendar = await startGoogleCalendarSimulator({ port: SIMULATED.googleCalendarPort, scopesOf: google.scopesOf });
  const calcom = await startCalcomSimulator({ port: SIMULATED.calcomPort, apiKey: SIMULATED_BUSINESS_CREDENTIALS.calcom.api_key });
  return async () => {
    await google.close();
    await calendar.close();
    await calcom.close();
    await openai.close();
    await twilio.close();
    await crm.close();
    await stripe.close();
  };
}
