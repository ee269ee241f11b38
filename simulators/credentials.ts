/** The simulated providers' credentials: fixed, obviously fake, used only against the local simulators. */
export const SIMULATED_CREDENTIALS = {
  openaiKey: "sk-simulated-0123456789",
  twilioAccountSid: "AC0123456789abcdef0123456789abcdef",
  twilioAuthToken: "simulated-twilio-auth-token-0001",
  stripeSecretKey: "sk_test_simulated_0123456789",
  stripeWebhookSecret: "whsec_simulated_0123456789abcdef",
  stripePrices: { starter: "price_sim_starter", growth: "price_sim_growth", scale: "price_sim_scale", unlimited: "price_sim_unlimited" },
  stripeOveragePrice: "price_sim_overage_minutes",
  mailApiKey: "re_simulated_0123456789",
  /** The Google OAuth client the OIDC simulator accepts (sign-in and Calendar). */
  googleClientId: "nikki-test-client.apps.example",
  googleClientSecret: "simulated-google-client-secret-0001",
} as const;

/** A business's own provider accounts, as it would paste them into Integrations. */
export const SIMULATED_BUSINESS_CREDENTIALS = {
  twilio: { account_sid: "ACbb0123456789abcdef0123456789abcd", auth_token: "business-twilio-auth-token-0002" },
  openai: { api_key: "sk-business-simulated-0002" },
  elevenlabs: { api_key: "sk_eleven_simulated_0002" },
  hubspot: { private_app_token: "pat-na1-simulated" },
  gohighlevel: { api_key: "pit-simulated-0002", location_id: "loc_simulated_0002" },
  zapier: { webhook_url: "https://hooks.zapier.com/hooks/catch/123456/abcdef/" },
  calcom: { api_key: "cal_live_simulated_0002", event_type_id: "1001" },
} as const;
