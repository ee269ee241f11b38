/** The provider simulators for offline demos and benchmarks, and the worker settings that point at them. */
import { SIMULATED_BUSINESS_CREDENTIALS, SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { type SimulatedMail, startIntegrationsSimulator } from "@nikki/simulators/integrations";
import { type OpenAiSimulator, type ScriptedTurn, startOpenAiSimulator } from "@nikki/simulators/openai";
import { startStripeSimulator } from "@nikki/simulators/stripe";
import { SIMULATED_PRICE_AMOUNTS, stripeSimulatorVars } from "@nikki/simulators/stripe-vars";
import { type TwilioRestSimulator, startTwilioRestSimulator } from "@nikki/simulators/twilio-rest";

export const DEMO_SCRIPT: ScriptedTurn[] = [
  {
    transcript: "Hi, this is Ada Lovelace. Can I book a plumber for tomorrow at nine?",
    reply: {
      call: "book_appointment",
      arguments: { name: "Ada Lovelace", phone: "+14155552671", date_time: "tomorrow 09:00", notes: "Plumber visit" },
      then: "You're all set, Ada: a plumber tomorrow at 9 AM. Anything else?",
    },
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
        prices: SIMULATED_PRICE_AMOUNTS,
      })
    : null;
  return {
    openai,
    twilio,
    vars: {
      ...(options.stripePort ? stripeSimulatorVars(options.stripePort) : {}),
      ...(integrations
        ? {
            HUBSPOT_API_BASE: integrations.baseUrl,
            GOHIGHLEVEL_API_BASE: integrations.baseUrl,
            ELEVENLABS_API_BASE: integrations.baseUrl,
            ZAPIER_HOOKS_BASE: integrations.baseUrl,
            MAIL_API_KEY: SIMULATED_CREDENTIALS.mailApiKey,
            MAIL_API_BASE: integrations.baseUrl,
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
    },
  };
}
