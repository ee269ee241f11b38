import { WIDGET_NAMES } from "./widget-config";

/** The product's name, and the AI persona's. */
export const PRODUCT_NAME = "Nikki AI";
export const PERSONA_NAME = "Nikki";

/** The one trial length everywhere (DESIGN.md: the home page's 3-day reading is dropped). */
export const TRIAL_DAYS = 14;

/**
 * Local storage's "Test a Call has been seen" flag: the dialog opens by itself only while it is absent. The site sets it
 * for anyone signed in, so a customer is never interrupted by the visitor's pitch.
 */
export const TEST_CALL_SEEN_KEY = "nikki:widget-seen";

/** The OpenAI models the product uses, one constant each (the live call's model is configurable: OPENAI_REALTIME_MODEL). */
export const OPENAI_MODELS = {
  /** The chat widget, SMS replies and post-call analysis. */
  chat: "gpt-4o-mini",
  realtime: "gpt-realtime",
  transcription: "gpt-4o-mini-transcribe",
  speech: "gpt-4o-mini-tts",
} as const;

/** ElevenLabs, when a business brings it: a premade voice and the model that speaks every agent language. */
export const ELEVENLABS_VOICE = { voiceId: "21m00Tcm4TlvDq8ikWAM", modelId: "eleven_multilingual_v2", outputFormat: "mp3_44100_128" } as const;

/** Timings of spec 000 §9 and 001 §9, in milliseconds. */
export const TIMINGS = {
  widgetAutoOpenMs: 2_500,
  phoneSuccessResetMs: 5_000,
  leadRedirectMs: 2_000,
  thankYouRedirectMs: 3_000,
  welcomeRedirectMs: 5_000,
  micLevelIntervalMs: 100,
  autoRefreshTickMs: 30_000,
  sessionRefreshBeforeExpiryMs: 90_000,
  toastDurationMs: 5_000,
} as const;

/** Sizes and limits of spec 000 §9 and 001 §9. */
export const LIMITS = {
  referenceIdLength: 8,
  callsListLimit: 50,
  toastsVisible: 3,
  requestBodyBytes: 64 * 1024,
  /** What one plane of a call may send the other: an hour's transcript fits. */
  planeBodyBytes: 2 * 1024 * 1024,
  audioSampleRateHz: 24_000,
  /** Failed sign-ins (wrong credentials) each address may make an hour; successful ones are not counted. */
  signInFailuresPerIpHour: 20,
  /** Sign-ups and contact-form leads each address may send an hour (429 with Retry-After past it). */
  signUpsPerIpHour: 20,
  leadsPerIpHour: 20,
  /** Failed sign-ins for one e-mail from one address before each next attempt waits (1 s, doubling, at most 15 min). */
  signInFreeFailures: 5,
  signInBackoffBaseMs: 1_000,
  signInBackoffMaxMs: 15 * 60 * 1_000,
  invitationDays: 7,
  chatMessageChars: 2_000,
  chatHistoryTurns: 20,
  /** The most turns one chat request may carry; the widget sends only its recent ones. */
  chatConversationTurns: 200,
  chatOutputTokens: 300,
  chatPerIpDay: 100,
  chatPerOrganizationDay: 2_000,
  auditListLimit: 100,
  /** How far ahead a demo call may be scheduled (the widget's "schedule for later"). */
  scheduleHorizonDays: 14,
} as const;

/** Organization settings defaults and ranges (spec 001 §9). */
export const SETTINGS_DEFAULTS = {
  transcriptRetentionDays: 90,
  recordingRetentionDays: 90,
  piiRedaction: true,
  recordCalls: true,
  recordAnnounce: true,
  defaultRegion: "US",
  widgetRateIpHour: 3,
  widgetRatePhoneDay: 2,
  allowedCountries: ["US", "CA"],
  widgetColor: "#8b6cff",
  enabledWidgets: WIDGET_NAMES,
  /** Booking (issue 35): how soon, how far ahead and on which grid callers may book. */
  bookingMinNoticeMinutes: 120,
  bookingHorizonDays: 30,
  bookingSlotStepMinutes: 15,
} as const;

/**
 * The widgets a new business shows on its own site: the chat, which speaks for that business. Test a Call and the
 * browser voice demo demonstrate this product to its own visitors (the demo organization and this product's own site
 * keep every widget, the column's default); a business may turn them on in Settings.
 */
export const NEW_BUSINESS_WIDGETS = ["chat"] as const satisfies readonly (typeof WIDGET_NAMES)[number][];

export const SETTINGS_RANGES = {
  retentionDays: { min: 1, max: 365 },
  widgetRateIpHour: { min: 1, max: 20 },
  widgetRatePhoneDay: { min: 1, max: 10 },
  /** The longest a call may last before Nikki wraps up. */
  maxCallSeconds: { min: 60, max: 3_600 },
  bookingMinNoticeMinutes: { min: 0, max: 10_080 },
  bookingHorizonDays: { min: 1, max: 365 },
  bookingSlotStepMinutes: { min: 5, max: 240 },
  closedDates: 366,
} as const;

export const REGIONS = ["US", "CA", "GB", "AU", "EU"] as const;
export type Region = (typeof REGIONS)[number];

/** Agent defaults and options (spec 001 §9). */
export const AGENT_DEFAULTS = {
  language: "en-US",
  voice: "alloy",
  timezone: "America/New_York",
} as const;
export const AGENT_LANGUAGES = ["en-US", "es-ES", "fr-FR", "de-DE", "it-IT", "pt-BR"] as const;
/** The OpenAI Realtime voices live calls can use (DESIGN.md: the spec's fable, onyx and nova do not exist there). */
export const AGENT_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"] as const;
/** The tools an agent may use on a call; end_call is always available, so every call can end. */
export const AGENT_TOOLS = ["book_appointment", "push_crm_lead", "send_sms", "transfer_call"] as const;
export type AgentTool = (typeof AGENT_TOOLS)[number];
/** Monday to Friday, 09:00 to 17:00: a new agent is never "after hours" by accident. */
export const DEFAULT_OPENING_HOURS = {
  mon: [{ open: "09:00", close: "17:00" }],
  tue: [{ open: "09:00", close: "17:00" }],
  wed: [{ open: "09:00", close: "17:00" }],
  thu: [{ open: "09:00", close: "17:00" }],
  fri: [{ open: "09:00", close: "17:00" }],
  sat: [],
  sun: [],
};

export const ROLES = ["owner", "admin", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const INTEGRATION_PROVIDERS = ["twilio", "openai", "elevenlabs", "hubspot", "gohighlevel", "zapier", "google_calendar", "calcom"] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** Support hours shown on the contact page (spec 000 §2, 001 §9). */
export const SUPPORT_HOURS = {
  weekdays: "Mon-Fri 9am-6pm EST",
  weekend: "Closed",
} as const;

export const CONTACT = {
  email: "hello@nikki.ai",
  phone: "+1 (415) 555-0134",
  phoneHref: "tel:+14155550134",
} as const;

/** The product site's own widget key (the seeded house organization); the site embeds the loader with it. */
export const HOUSE_WIDGET_KEY = "pk_demo_nikki_ai";
