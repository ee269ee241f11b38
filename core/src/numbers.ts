import * as z from "zod/mini";
import type { Region } from "./constants";
import { OPERATOR_E164, phoneField } from "./phone";

/** A phone number as the dashboard reads it (spec 001 §3 "Phone number", snake_case, with its agent's name). */
export interface NumberResource {
  id: string;
  phone_number: string;
  friendly_name: string | null;
  twilio_sid: string | null;
  assigned_agent_id: string | null;
  agent_name: string | null;
  status: "active" | "inactive";
  /** "here": Twilio sends its calls to this deployment; "elsewhere": a sync found its webhooks pointing away. */
  webhooks: "here" | "elsewhere";
  created_at: string;
}

export interface AvailableNumberResource {
  phone_number: string;
  friendly_name: string;
  locality: string;
  region: string;
}

/** Countries numbers can be searched in (the organization's default region, when it is one of these). */
export const NUMBER_COUNTRIES = ["US", "CA", "GB", "AU"] as const;

export const NUMBER_MESSAGES = {
  country: `Country must be one of ${NUMBER_COUNTRIES.join(", ")}.`,
  areaCode: "Area code must be 3 digits.",
  contains: "Search for up to 10 digits.",
  phoneNumber: "Phone number must be in E.164 format (e.g., +14155552671)",
  friendlyName: "The name can be at most 64 characters.",
  agent: "Please select an agent to assign.",
  taken: "That number already belongs to a business on Nikki AI.",
  unavailable: "That number is no longer available. Search again and pick another.",
  twilioMissing: "Phone numbers need a Twilio account. Add one in Integrations, or ask the operator to configure it.",
  /** Numbers with none yet: where to get the first one. */
  empty: "No phone numbers yet. Click Add Number to pick a local number; your agent answers it as soon as you assign it.",
} as const;

export const numberSearchSchema = z.strictObject({
  country: z.optional(z.enum(NUMBER_COUNTRIES, NUMBER_MESSAGES.country)),
  area_code: z.optional(z.string(NUMBER_MESSAGES.areaCode).check(z.regex(/^\d{3}$/, NUMBER_MESSAGES.areaCode))),
  contains: z.optional(z.string(NUMBER_MESSAGES.contains).check(z.regex(/^\d{1,10}$/, NUMBER_MESSAGES.contains))),
});

export const numberBuySchema = z.strictObject({
  phone_number: z.string(NUMBER_MESSAGES.phoneNumber).check(z.trim(), z.regex(OPERATOR_E164, NUMBER_MESSAGES.phoneNumber)),
  friendly_name: z.optional(z.string(NUMBER_MESSAGES.friendlyName).check(z.trim(), z.maxLength(64, NUMBER_MESSAGES.friendlyName))),
});

export const numberPatchSchema = z.strictObject({
  assigned_agent_id: z.optional(
    z.nullable(z.string(NUMBER_MESSAGES.agent).check(z.minLength(1, NUMBER_MESSAGES.agent), z.maxLength(64, NUMBER_MESSAGES.agent))),
  ),
  friendly_name: z.optional(z.string(NUMBER_MESSAGES.friendlyName).check(z.trim(), z.maxLength(64, NUMBER_MESSAGES.friendlyName))),
  /** Point the number's Twilio webhooks at this deployment (a number a sync found pointing elsewhere). */
  point_webhooks_here: z.optional(z.literal(true)),
});

/** The Numbers page's words for copying a number's Twilio setup (the webhook addresses and the answer, TwiML), for an owner. */
export const TWILIO_SETUP_COPY = {
  button: "Copy Twilio setup",
  label: (number: string) => `Copy Twilio setup for ${number}`,
  hint: "“Copy Twilio setup” copies the web addresses to paste into a number's settings in Twilio, if you manage it there yourself and its calls don't reach your agent.",
  copiedTitle: "Twilio Setup Copied",
  copied: "Paste it into the number's settings in Twilio.",
} as const;

export const TEST_CALL_MESSAGES = {
  phoneNeeded: "Enter your mobile number and we'll call it, like (512) 555-0123, or with its country code like +44 20 7946 0958.",
  phone: "Write your mobile number like (512) 555-0123, or with its country code like +44 20 7946 0958.",
  noNumber: "Assign a phone number to this agent first: the test call comes from it.",
  noAgent: "Assign an agent to this number first: that agent answers the test call.",
  inactive: "Activate the agent first: an inactive agent sends callers to voicemail.",
} as const;

/**
 * `POST /api/agents/:id/test-call` and `/api/numbers/:id/test-call`: the user's own phone, asked once, written as the
 * organization's default region dials it.
 */
export const testCallSchemaIn = (region: Region) => z.strictObject({ phone: z.optional(phoneField(region, TEST_CALL_MESSAGES.phone)) });
