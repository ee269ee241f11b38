/** The operator health checks' probes (issue: probes that can pass): fixed targets, never a free URL. */
export const PROBE_TARGETS = ["voice_inbound", "messaging_inbound", "bridge_health", "crm_webhook", "sms_sender"] as const;
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
  /**
   * What to show: the start of the body for this deployment's own webhooks (TwiML); for a bridge or a CRM webhook,
   * which may be a business's URL, a message of ours (PROBE_MESSAGES), never bytes from the endpoint.
   */
  body: string;
  /** An optional setting that is not saved (the CRM webhook): nothing to check, and not a failure. */
  not_set?: true;
}

/** This deployment's own voice bridge (the media stream's base URL) from its origin. */
export const ownBridgeUrl = (origin: string) => `${origin.replace(/^http/, "ws")}/twilio/stream`;

/** Spec 001's rule: the bridge's health URL from its socket URL (wss → https, ws → http, without a /stream/twilio path). */
export function bridgeHealthUrl(socketUrl: string): string {
  return socketUrl
    .trim()
    .replace(/^wss:/i, "https:")
    .replace(/^ws:/i, "http:")
    .replace(/\/stream\/twilio\/?$/, "");
}

export const PROBE_MESSAGES = {
  target: `The check must be one of ${PROBE_TARGETS.join(", ")}.`,
  notSet: "Not set (optional)",
  noSender: "No phone number to send texts from. Add one in Numbers.",
  senderGone: "Not found: the sender number is no longer one of your active numbers.",
  unreachable: "Endpoint unreachable",
  bridgeAnswered: (status: number) => `Bridge answered ${status}`,
  notABridge: "Not a Nikki voice bridge",
  redirectNotFollowed: (status: number) => `Answered ${status}: a redirect, which is not followed. Save the address it points to instead.`,
  refusedUrl: (field: string, reason: string) => `The saved ${field} is not allowed (${reason}), so it is not used. Save another.`,
  webhookAnswered: (status: number) => `Webhook answered ${status}`,
} as const;

/** A probe that passed: TwiML (200 with XML) for the webhooks, "Voice Bridge OK" for the bridge, any 2xx for the CRM webhook. */
export function probePassed(probe: ProbeResult): boolean {
  if (probe.not_set) return true;
  if (probe.target === "bridge_health") return probe.status === 200 && probe.body === PROBE_MESSAGES.bridgeAnswered(200);
  if (probe.target === "voice_inbound" || probe.target === "messaging_inbound") return probe.status === 200 && /xml/i.test(probe.content_type ?? "");
  return probe.status >= 200 && probe.status < 300;
}
