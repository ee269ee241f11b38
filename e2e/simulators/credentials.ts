/** The simulated providers' credentials: fixed, obviously fake, used only against the local simulators. */
export const SIMULATED_CREDENTIALS = {
  openaiKey: "sk-simulated-0123456789",
  twilioAccountSid: "AC0123456789abcdef0123456789abcdef",
  twilioAuthToken: "simulated-twilio-auth-token-0001",
} as const;
