/**
 * One call's lifecycle as Twilio's webhooks tell it, for a number whose status callback is set: the signed voice
 * webhook when it rings, then `ringing`, `in-progress` and `completed` (with its duration) status callbacks. The soak
 * (bench:reliability item 15) and bench:lifecycle send them to the product and to the bare route alike.
 */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { DEMO } from "../../worker/src/db/seed";

/** Twilio waits this long for a webhook's answer (its default read and total timeouts), then gives the call up. */
export const TWILIO_TIMEOUT_MS = 15_000;

/** A lifecycle's webhooks in order: null is the voice webhook, the others status callbacks. */
export const LIFECYCLE_STATUSES = [null, "ringing", "in-progress", "completed"] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export interface WebhookAnswer {
  /** The TwiML answer to a ringing call (the others are status callbacks). */
  twiml: boolean;
  ms: number;
  /** 0: no HTTP answer at all. */
  status: number;
  connects: boolean;
}

/**
 * A caller number of its own for each call: the product screens a number ringing more than 5 times in 10 minutes as
 * a robocall (issue 37 §5), so calls from one number would be hung up on rather than answered. `+1415555xxxx` numbers
 * are left to the simulated calls (scripts/bench/ramped-calls.ts).
 */
export const lifecycleCaller = (call: number) => `+1650${2_000_000 + (call % 8_000_000)}`;

/** One signed webhook as Twilio sends it for the demo number; timed from send to the answer's last byte, given up (status 0) after Twilio's 15 s. */
export async function twilioWebhook(base: string, call: { sid: string; from: string }, status: LifecycleStatus): Promise<WebhookAnswer> {
  const url = `${base}/twilio/voice/${status ? "status" : "inbound"}`;
  const params: Record<string, string> = {
    AccountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    CallSid: call.sid,
    From: call.from,
    To: DEMO.phoneNumber,
    Direction: "inbound",
    CallStatus: status ?? "ringing",
    ...(status === "completed" ? { CallDuration: "4" } : {}),
  };
  const signature = await computeTwilioSignature(SIMULATED_CREDENTIALS.twilioAuthToken, url, params);
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
    });
    const body = await response.text();
    return { twiml: !status, ms: performance.now() - started, status: response.status, connects: body.includes("<Stream url=") };
  } catch {
    return { twiml: !status, ms: performance.now() - started, status: 0, connects: false };
  }
}
