/** The simulated providers' credentials: fixed, obviously fake, used only against the local simulators. */
export const SIMULATED_CREDENTIALS = {
  openaiKey: "sk-simulated-0123456789",
  twilioAccountSid: "AC0123456789abcdef0123456789abcdef",
  twilioAuthToken: "simulated-twilio-auth-token-0001",
  stripeSecretKey: "sk_test_simulated_0123456789",
  stripeWebhookSecret: "whsec_simulated_0123456789abcdef",
  stripePrices: { starter: "price_sim_starter", growth: "price_sim_growth", scale: "price_sim_scale", unlimited: "price_sim_unlimited" },
  stripeOveragePrice: "price_sim_overage_minutes",
} as const;
