/** The operator health checks' probes (issue: probes that can pass): fixed targets, never a free URL. */
export const PROBE_TARGETS = ["voice_inbound", "messaging_inbound", "bridge_health"] as const;
export type ProbeTarget = (typeof PROBE_TARGETS)[number];

/** The CallSid (and, with SM, the MessageSid) a probe signs with: the webhooks answer it normally and record nothing. */
export const PROBE_CALL_SID = `CA${"0".repeat(32)}`;
export const PROBE_MESSAGE_SID = `SM${"0".repeat(32)}`;

export const BRIDGE_HEALTH_BODY = "Voice Bridge OK";

export interface ProbeResult {
  target: ProbeTarget;
  status: number;
  content_type: string | null;
  ms: number;
  /** The start of the body, for the page to show (TwiML, or the bridge's answer). */
  body: string;
}

/** Spec 001's rule: the bridge's health URL from its socket URL (wss → https, ws → http, without a /stream/twilio path). */
export function bridgeHealthUrl(socketUrl: string): string {
  return socketUrl
    .trim()
    .replace(/^wss:/i, "https:")
    .replace(/^ws:/i, "http:")
    .replace(/\/stream\/twilio\/?$/, "");
}

export const PROBE_MESSAGES = { target: `The check must be one of ${PROBE_TARGETS.join(", ")}.` } as const;
