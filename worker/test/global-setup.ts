import { SIMULATED_BUSINESS_CREDENTIALS, SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { startBusinessWebsite } from "@nikki/simulators/business-website";
import { BAKERY_SITE, LINKED_SITE, MOVED_SITE } from "@nikki/simulators/business-website-pages";
import { heavySite, hostileSite } from "@nikki/simulators/hostile-pages";
import { startIntegrationsSimulator } from "@nikki/simulators/integrations";
import { startOpenAiSimulator } from "@nikki/simulators/openai";
import { startStripeSimulator } from "@nikki/simulators/stripe";
import { SIMULATED_STRIPE_CATALOGUE } from "@nikki/simulators/stripe-vars";
import { startTwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import { startCalendarSimulators } from "@nikki/dev/calendar-simulators";
import { freePorts } from "@nikki/dev/free-port";
import type { TestProject } from "vitest/node";
import { BOOKING_SCRIPT } from "./booking-script";
import type { SimulatorPorts } from "./simulator-ports";

/** The businesses' websites a knowledge import reads (knowledge-import tests), each an origin of its own. */
const WEBSITES = { bakery: BAKERY_SITE, linked: LINKED_SITE, moved: MOVED_SITE, hostile: hostileSite(), heavy: heavySite() };
const WEBSITE_NAMES = Object.keys(WEBSITES) as (keyof typeof WEBSITES)[];

/**
 * Starts the provider simulators (in Node, beside workerd) for the worker tests, on free ports (never those of a
 * running `npm start` or of another checkout's tests), which it provides to the configuration and the test files.
 */
export default async function setup(project: TestProject) {
  type Ports = [number, number, number, number, number, number, number, ...number[]];
  const [openaiPort, twilioPort, crmPort, stripePort, googleCalendarPort, calcomPort, oidcPort, ...sitePorts] = (await freePorts(
    7 + WEBSITE_NAMES.length,
  )) as Ports;
  const websitePorts = Object.fromEntries(WEBSITE_NAMES.map((name, index) => [name, sitePorts[index]!])) as SimulatorPorts["websitePorts"];
  const ports: SimulatorPorts = { openaiPort, twilioPort, crmPort, stripePort, googleCalendarPort, calcomPort, oidcPort, websitePorts };
  const openai = await startOpenAiSimulator({ port: openaiPort, apiKey: SIMULATED_CREDENTIALS.openaiKey, script: BOOKING_SCRIPT });
  const twilio = await startTwilioRestSimulator({
    port: twilioPort,
    accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
    otherAccounts: [
      {
        accountSid: SIMULATED_BUSINESS_CREDENTIALS.twilio.account_sid,
        authToken: SIMULATED_BUSINESS_CREDENTIALS.twilio.auth_token,
        friendlyName: "Acme Plumbing",
      },
    ],
  });
  const crm = await startIntegrationsSimulator(crmPort);
  const stripe = await startStripeSimulator({
    port: stripePort,
    secretKey: SIMULATED_CREDENTIALS.stripeSecretKey,
    webhookSecret: SIMULATED_CREDENTIALS.stripeWebhookSecret,
    // The worker tests deliver their own events (SELF.fetch); paying on the simulator's page is an e2e flow.
    webhookUrl: "http://127.0.0.1:9/webhooks/stripe",
    ...SIMULATED_STRIPE_CATALOGUE,
  });
  const calendars = await startCalendarSimulators({ oidc: oidcPort, googleCalendar: googleCalendarPort, calcom: calcomPort });
  const websites = await Promise.all(WEBSITE_NAMES.map((name) => startBusinessWebsite(websitePorts[name], WEBSITES[name])));
  project.provide("simulatorPorts", ports);
  return async () => {
    await calendars.close();
    await openai.close();
    await twilio.close();
    await crm.close();
    await stripe.close();
    for (const website of websites) await website.close();
  };
}
