/** The provider simulators for offline demos and benchmarks, and the worker settings that point at them. */
import { PRODUCT_NAME } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS, SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { type SimulatedMail, startIntegrationsSimulator } from "@nikki/simulators/integrations";
import { type OpenAiSimulator, type ScriptedTurn, startOpenAiSimulator } from "@nikki/simulators/openai";
import type { ScriptedReply } from "@nikki/simulators/scripted-turn";
import { startStripeSimulator } from "@nikki/simulators/stripe";
import { SIMULATED_STRIPE_CATALOGUE, stripeSimulatorVars } from "@nikki/simulators/stripe-vars";
import { type TwilioRestSimulator, startTwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import { startCalendarSimulators } from "./calendar-simulators";

/**
 * Books the time a tool answer names (`{{slots.0.start}}`, then `{{alternatives.0.start}}`): when it was just taken, the
 * next time offered instead is tried, as a caller who takes the first free time would (up to `tries` times). No phone
 * is passed: the caller gave none, so the booking is on the number that rang (the book tool's rule).
 */
function bookFirstFree(start: string, tries: number): ScriptedReply {
  return {
    call: "book_appointment",
    arguments: { name: "Ada Lovelace", start, notes: "Booked on the phone" },
    then: "You're all set, Ada: {{booked_for}}. Your confirmation code is {{confirmation_code}}, and I've texted you the details. Anything else?",
    ...(tries > 1 ? { otherwise: bookFirstFree("{{alternatives.0.start}}", tries - 1) } : {}),
  };
}

/**
 * The recorded caller's call (every simulated call of the benchmarks, and a call placed without words to say): a
 * recording has no words the simulated recogniser can read, so this is what it "heard": the caller asks
 * for an appointment tomorrow morning (any business books those: its first service); Nikki finds the free times
 * first, books the first one on the caller's number, and reads it back.
 */
export const DEMO_SCRIPT: ScriptedTurn[] = [
  {
    transcript: "Hi, this is Ada Lovelace. Can I book an appointment for tomorrow morning?",
    reply: { call: "check_availability", arguments: { date: "tomorrow", part_of_day: "morning" }, then: bookFirstFree("{{slots.0.start}}", 12) },
  },
];

export interface Simulators {
  openai: OpenAiSimulator;
  twilio: TwilioRestSimulator;
  /** Worker variables that send its provider calls to the simulators. */
  vars: Record<string, string>;
  close(): Promise<void>;
}

export async function startSimulators(options: {
  openaiPort: number;
  twilioPort: number;
  /** Also start the Stripe simulator here (its checkout page delivers signed webhooks to publicBaseUrl). */
  stripePort?: number;
  /** Also start the CRM and ElevenLabs simulator here (a business's own accounts, Integrations). */
  integrationsPort?: number;
  /** Also start Google (sign-in with the calendar consent, and Calendar API v3) and Cal.com API v2 on these ports. */
  calendarPorts?: { oidc: number; googleCalendar: number; calcom: number };
  publicBaseUrl: string;
  replyFrames?: number;
  /** The OpenAI simulator's realistic latencies (benchmarks). */
  openaiLatency?: { connectDelayMs: number; responseDelayMs: number };
  /** Each e-mail the worker sends through the simulated mail API. */
  onMail?: (mail: SimulatedMail) => void;
}): Promise<Simulators> {
  const openai = await startOpenAiSimulator({
    port: options.openaiPort,
    apiKey: SIMULATED_CREDENTIALS.openaiKey,
    script: DEMO_SCRIPT,
    replyFrames: options.replyFrames ?? 50,
    ...options.openaiLatency,
  });
  const twilio = await startTwilioRestSimulator({
    port: options.twilioPort,
    accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
    // The calls it places (Test Call): rung, answered, streamed, ended, as its terminal lines say.
    log: (line) => console.log(`[simulated Twilio] ${line}`),
    // A business's own Twilio account, for Integrations.
    otherAccounts: [
      {
        accountSid: SIMULATED_BUSINESS_CREDENTIALS.twilio.account_sid,
        authToken: SIMULATED_BUSINESS_CREDENTIALS.twilio.auth_token,
        friendlyName: "Acme Plumbing",
      },
    ],
  });
  const integrations = options.integrationsPort ? await startIntegrationsSimulator(options.integrationsPort, options.onMail) : null;
  const stripe = options.stripePort
    ? await startStripeSimulator({
        port: options.stripePort,
        secretKey: SIMULATED_CREDENTIALS.stripeSecretKey,
        webhookSecret: SIMULATED_CREDENTIALS.stripeWebhookSecret,
        webhookUrl: `${options.publicBaseUrl}/webhooks/stripe`,
        ...SIMULATED_STRIPE_CATALOGUE,
        accountName: PRODUCT_NAME,
      })
    : null;
  const calendars = options.calendarPorts ? await startCalendarSimulators(options.calendarPorts) : null;
  return {
    openai,
    twilio,
    vars: {
      ...(calendars?.vars ?? {}),
      ...(options.stripePort ? stripeSimulatorVars(options.stripePort) : {}),
      ...(integrations
        ? {
            HUBSPOT_API_BASE: integrations.baseUrl,
            GOHIGHLEVEL_API_BASE: integrations.baseUrl,
            ELEVENLABS_API_BASE: integrations.baseUrl,
            ZAPIER_HOOKS_BASE: integrations.baseUrl,
            MAIL_API_KEY: SIMULATED_CREDENTIALS.mailApiKey,
            MAIL_API_BASE: integrations.baseUrl,
            // A business's hosts are resolved here before each fetch (simulators/doh.ts): offline, as the rest.
            DOH_URL: `${integrations.baseUrl}/dns-query`,
          }
        : {}),
      PUBLIC_BASE_URL: options.publicBaseUrl,
      OPENAI_API_KEY: SIMULATED_CREDENTIALS.openaiKey,
      OPENAI_BASE_URL: openai.baseUrl,
      TWILIO_ACCOUNT_SID: SIMULATED_CREDENTIALS.twilioAccountSid,
      TWILIO_AUTH_TOKEN: SIMULATED_CREDENTIALS.twilioAuthToken,
      TWILIO_API_BASE: twilio.baseUrl,
      TWILIO_PRICING_API_BASE: twilio.baseUrl,
    },
    close: async () => {
      await openai.close();
      await twilio.close();
      await stripe?.close();
      await integrations?.close();
      await calendars?.close();
    },
  };
}
