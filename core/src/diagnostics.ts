/**
 * `GET /api/health/diagnostics` (public, for /live/diagnostics): what the server-side checks found, as statuses and
 * content types only, never a body, a number or a setting's value.
 */
export interface DiagnosticsReport {
  voice_twiml: { status: number; content_type: string | null };
  messaging_twiml: { status: number; content_type: string | null };
  bridge_health: { status: number; content_type: string | null; says_ok: boolean };
  /** An active number in E.164 is assigned to an agent: calls and texts have a sender. */
  sender_number_ok: boolean;
  /** Why a webhook check could not run (the platform's Twilio account or PUBLIC_BASE_URL missing), else null. */
  unavailable: string | null;
}

export const DIAGNOSTIC_CHECKS = [
  "HTTPS",
  "API reachable",
  "Database",
  "Voice TwiML",
  "Messaging TwiML",
  "Bridge health",
  "Sender number",
  "Secrets not exposed",
] as const;

export const DIAGNOSTICS_MESSAGES = {
  noHttps: "Site is not using HTTPS",
  https: "The site is served over HTTPS",
  localHttp: "Local development on this machine: the browser treats it as secure",
  secretsSafe: "Secrets not exposed to frontend (this is secure)",
  endpoint: (status: number, type: string | null) => `Endpoint returned ${status} with ${type ?? "no content type"}`,
  notTwiml: (status: number, type: string | null) => `Got ${status} with ${type ?? "no content type"}, expected 200 with text/xml`,
  requestFailed: "Request failed",
  senderOk: "A sender number in E.164 format is assigned to an agent",
  noSender: "No active number in E.164 format (like +14155552671) is assigned to an agent",
} as const;
