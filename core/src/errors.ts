import type { SlotResource } from "./appointments";
import { LISTEN_CLOSE, LISTEN_MESSAGES } from "./live-listen";
import { SPEND_MESSAGES } from "./spend";
import { CHAT_MESSAGES, DEMO_CALL_ERRORS } from "./widget-copy";

/** The one error envelope every endpoint answers with (DESIGN.md "API surface"). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Per-field messages, for validation failures. */
  fields?: Record<string, string>;
  /** Free times offered instead, for `slot_taken`. */
  alternatives?: SlotResource[];
}

export interface ErrorEnvelope {
  error: ErrorBody;
}

/** Codes shared by every endpoint, with the status each answers and its default message. */
export const API_ERRORS = {
  validation_failed: { status: 400, message: "Please check the highlighted fields." },
  invalid_json: { status: 400, message: "The request body is not valid JSON." },
  unsupported_media_type: { status: 415, message: "Send the request body as application/json." },
  payload_too_large: { status: 413, message: "The request body is larger than 64 KB." },
  unauthorized: { status: 401, message: "Please sign in to continue." },
  forbidden: { status: 403, message: "You don't have permission to do that." },
  not_found: { status: 404, message: "Not found." },
  conflict: { status: 409, message: "That conflicts with what is already there." },
  slot_taken: { status: 409, message: "That time was just taken. Choose one of the other times." },
  call_ended: { status: 409, message: "This call has ended." },
  listeners_full: { status: 409, message: LISTEN_MESSAGES[LISTEN_CLOSE.full] },
  twilio_unavailable: { status: 503, message: "Phone numbers need a Twilio account. Add one in Integrations, or ask the operator to configure it." },
  twilio_failed: { status: 502, message: "Twilio did not accept that just now. Please try again." },
  trial_ended: { status: 402, message: SPEND_MESSAGES.trialEnded },
  spend_cap: { status: 429, message: SPEND_MESSAGES.capped },
  plan_limit: { status: 403, message: "Your plan's limit is reached. Choose a larger plan in Billing to add more." },
  no_organization: {
    status: 403,
    message: "You don't belong to an organization yet. Please contact your administrator.",
  },
  unknown_widget_key: { status: 404, message: "This widget key is not recognised. Check the data-key attribute of the script tag." },
  origin_not_allowed: {
    status: 403,
    message: "This site is not allowed to use this widget key. Add it to the allowed origins in Settings.",
  },
  chat_unavailable: { status: 503, message: CHAT_MESSAGES.backend },
  provider_rate_limited: { status: 429, message: CHAT_MESSAGES.tooMany },
  provider_billing: { status: 402, message: CHAT_MESSAGES.billing },
  provider_failed: { status: 502, message: CHAT_MESSAGES.backend },
  consent_required: { status: 400, message: DEMO_CALL_ERRORS.consent_required },
  invalid_phone: { status: 400, message: DEMO_CALL_ERRORS.invalid_phone },
  destination_not_allowed: { status: 400, message: "Calls to that number are not allowed for this business." },
  rate_limit_ip: { status: 429, message: DEMO_CALL_ERRORS.rate_limit_ip },
  rate_limit_phone: { status: 429, message: DEMO_CALL_ERRORS.rate_limit_phone },
  backend_down: { status: 503, message: DEMO_CALL_ERRORS.backend_down },
  backend_timeout: { status: 504, message: DEMO_CALL_ERRORS.backend_timeout },
  call_failed: { status: 502, message: DEMO_CALL_ERRORS.call_failed },
  invalid_signature: { status: 400, message: "The Stripe signature is missing, invalid or too old." },
  malformed_event: { status: 400, message: "The Stripe event is signed, but its object is not what its type says. It was recorded and will not be retried." },
  billing_unavailable: { status: 503, message: "Billing is not configured on this server: STRIPE_SECRET_KEY is not set." },
  plan_unavailable: { status: 400, message: "This plan cannot be bought online yet: its Stripe price is not configured." },
  checkout_failed: { status: 502, message: "Failed to create checkout session" },
  already_subscribed: {
    status: 409,
    message: "You already have a plan. To switch plans, use Change plan in Billing: Stripe moves your subscription and prorates it.",
  },
  no_billing_account: { status: 404, message: "This organization has no billing account yet. Subscribe to a plan first." },
  samples_unavailable: { status: 503, message: "Voice samples are not available: OPENAI_API_KEY is not set on this server." },
  auth_unavailable: { status: 503, message: "Sign-in is not configured on this server: AUTH_SECRET is not set." },
  method_not_allowed: { status: 405, message: "This method is not allowed here." },
  rate_limited: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  database_unavailable: { status: 503, message: "The database is not reachable right now." },
  voice_bridge_unavailable: { status: 503, message: "The voice bridge is not reachable right now." },
  internal_error: { status: 500, message: "Something went wrong on our side. Please try again." },
} as const;

export type ErrorCode = keyof typeof API_ERRORS;

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as ErrorBody).code === "string" && typeof (error as ErrorBody).message === "string";
}
