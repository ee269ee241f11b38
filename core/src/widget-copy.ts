/**
 * The widgets' words (spec 000 §2, §5, §8), in a module without zod so the widget bundles can import it.
 * The server's error catalogue reuses these messages, so a code reads the same on both sides.
 */
import { LIMITS } from "./constants";

export const CHAT_MESSAGES = {
  tooManyTitle: "Too many requests",
  tooMany: "Please wait a moment before sending another message.",
  billingTitle: "Service temporarily unavailable",
  billing: "Please try again later or contact support.",
  pausedTitle: "Chat is paused",
  backendTitle: "Error",
  backend: "Chat backend error — check the AI provider keys and environment.",
  noReply: "I'm sorry, I couldn't generate a response.",
  tooLong: `Messages must be at most ${LIMITS.chatMessageChars} characters.`,
  conversationTooLong: `This conversation is longer than ${LIMITS.chatConversationTurns} messages. Please start a new chat.`,
  empty: "Please type a message.",
  placeholder: "Type your question…",
  typing: "Typing...",
  greeting: (organization: string) => `Hi! I'm the AI assistant for ${organization}. Ask me anything about plans, setup, billing or features.`,
} as const;

/** The consent the Test-a-Call widget asks for, versioned so each record says what was agreed to. */
export const DEMO_CALL_CONSENT = { version: "demo-call-consent-v1", text: "I agree to receive an automated test call." } as const;

/** Spec 000 §8 "Phone test call", by code (also the browser demo's shared codes). */
export const DEMO_CALL_ERRORS = {
  invalid_phone: "Please enter a valid phone number.",
  backend_down: "Demo service is offline. Please try again later.",
  rate_limit_ip: "Too many demo requests. Please wait a bit.",
  rate_limit_phone: "This phone number has reached the daily limit. Try again tomorrow.",
  call_failed: "Couldn't start the call. Please verify your number or try again later.",
  backend_timeout: "Service took too long to respond. Please try again.",
  network_error: "Network error. Please check your connection and try again.",
  consent_required: "Please agree to receive the test call.",
  unknown: "An unexpected error occurred. Please try again.",
} as const;

export type DemoCallErrorCode = keyof typeof DEMO_CALL_ERRORS;

/**
 * The chat's contact hand-off on a business's site (no contact link in its Settings): the visitor leaves a name and
 * number, which become a lead of that business.
 */
export const WIDGET_LEAD_COPY = {
  prompt: "Need more help?",
  open: "Leave your number",
  /** Under a reply the assistant could not answer. */
  offer: (organization: string) => `Have ${organization} call me back`,
  contact: "Contact us",
  intro: (organization: string) => `Leave your name and number and ${organization} will call you back.`,
  name: "Your name",
  phone: "Phone number",
  send: "Send",
  sending: "Sending…",
  cancel: "Cancel",
  sent: (organization: string) => `Thanks! ${organization} has your number and will call you back.`,
  invalidPhone: DEMO_CALL_ERRORS.invalid_phone,
  failedTitle: "Couldn't send your details",
  failed: "Please try again in a moment.",
} as const;

/**
 * What the widget tells the visitor for a failed call request (spec 000 §8): a known code → its message;
 * server text naming E.164 → invalid_phone, naming configuration → backend_down, other server text →
 * call_failed; an unrecognised code → the server's message, else the unknown message.
 */
export function demoCallErrorMessage(code: string | undefined, serverText?: string): string {
  if (code && code in DEMO_CALL_ERRORS) return DEMO_CALL_ERRORS[code as DemoCallErrorCode];
  if (!code && serverText) {
    if (/e\.164/i.test(serverText)) return DEMO_CALL_ERRORS.invalid_phone;
    if (/configuration/i.test(serverText)) return DEMO_CALL_ERRORS.backend_down;
    return DEMO_CALL_ERRORS.call_failed;
  }
  return serverText || DEMO_CALL_ERRORS.unknown;
}

export const TEST_CALL_COPY = {
  title: (product: string) => `Try ${product}`,
  phoneHint: "Enter a full number like +14155552671",
  calling: "We're calling you now...",
  success: "Call initiated!",
  failedTitle: "Couldn't place the call",
  dialing: "Dialing now—answer to hear the assistant.",
  scheduled: "Scheduled! We'll call you at the time you chose.",
  scheduleFailedTitle: "Scheduling failed",
  scheduleFailed: "Couldn't schedule the call. Please try again later.",
  phoneRequired: ["Phone Required", "Please enter your phone number"],
  consentRequired: ["Consent Required", "Please agree to receive the test call"],
  invalidPhone: ["Invalid Phone", "Please enter a valid phone number (10 digits for US)"],
  scheduleInvalidPhone: ["Invalid phone number", "Please enter a valid phone number"],
  dateRequired: ["Date required", "Please select a date and time"],
  dateInPast: ["Invalid date", "Please select a future date and time"],
} as const;

/** Spec 000 §8 "Browser demo", by code. */
export const VOICE_DEMO_ERRORS = {
  mic_blocked: "Cannot access the microphone. Allow microphone permission in your browser settings.",
  backend_down: "Demo service is offline. Try again later or use the phone option.",
  wss_failed: "Realtime connection failed, possibly a network or TLS problem.",
  wss_timeout: "Connection timed out. Check your internet connection.",
  signed_out: "Please sign in to use the voice demo",
  channel_not_ready: "Data channel not ready",
} as const;
