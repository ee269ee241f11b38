import { PERSONA_NAME, PRODUCT_NAME } from "./constants";

/**
 * What each voice sample says (spec 000 §2 "AI voice samples" and the /demos conversations), spoken by OpenAI
 * TTS in the house agent's voice. The home page plays greeting, services and appointment.
 */
export const VOICE_SAMPLES = {
  greeting: `Thank you for calling Bright Plumbing, this is ${PERSONA_NAME}. How can I help you today?`,
  services:
    "We handle leaks, water heaters, drain cleaning and emergency repairs, day and night. Would you like me to book a visit, or send you a quote by text?",
  appointment: "You're all set for Thursday at nine in the morning. I've sent a confirmation text to your phone. Is there anything else I can help with?",
  "home-services":
    "Caller: Hi, my kitchen sink is leaking under the cabinet. Nikki: I'm sorry to hear that. Is the water still running, or have you turned off the valve? I can have a plumber there today between two and four. Can I get your name and address?",
  clinic:
    "Caller: I'd like to book a cleaning. Nikki: Of course. Are you an existing patient? We have openings on Tuesday at ten or Wednesday at three. Which works better? I'll text you a reminder the day before.",
  restaurant:
    "Caller: Do you have a table for four on Saturday? Nikki: Let me check. We have seven fifteen or eight thirty available. Would you like the patio or inside? Great, a table for four at seven fifteen on the patio, under which name?",
} as const;

export type VoiceSampleIntent = keyof typeof VOICE_SAMPLES;

export function isVoiceSampleIntent(value: string): value is VoiceSampleIntent {
  return Object.hasOwn(VOICE_SAMPLES, value);
}

/** The /demos conversations, each with its sample clip. */
export const DEMO_CONVERSATIONS = [
  { intent: "home-services", title: "Home Services Intake", summary: `${PERSONA_NAME} triages a leak, books a same-day visit and collects the address.` },
  { intent: "clinic", title: "Clinic Scheduling", summary: `${PERSONA_NAME} books a dental cleaning and promises a reminder text.` },
  { intent: "restaurant", title: "Restaurant Reservations", summary: `${PERSONA_NAME} finds a table for four and seats them on the patio.` },
] as const satisfies readonly { intent: VoiceSampleIntent; title: string; summary: string }[];

export const VOICE_SAMPLE_FALLBACK = `Voice samples are not available right now: ${PRODUCT_NAME}'s text-to-speech is not configured.`;
