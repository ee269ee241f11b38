import type { TwilioCall } from "../services/twilio/client";
import { FINAL_STATUSES } from "../voice/call-status";

/** A call's end as its status callback would have told it, read from Twilio's record of the call. */
export interface TwilioCallEnd {
  /** The status callback's parameters: the call, its final status and its duration in seconds. */
  params: Record<string, string>;
  /** When Twilio says it ended; undefined when its record gives no readable time. */
  endedAt: Date | undefined;
}

/**
 * What Twilio's final status callback would have said of this call (the parameters the product reads from it, in its
 * form), or null while Twilio still has the call going (queued, ringing, in progress). A call over with no duration
 * (one that never connected) lasted no seconds, as Twilio's own callback says of it.
 */
export function twilioCallEnd(call: TwilioCall, accountSid: string): TwilioCallEnd | null {
  if (!FINAL_STATUSES.has(call.status)) return null;
  const endedAt = call.end_time ? new Date(call.end_time) : null;
  return {
    params: {
      AccountSid: accountSid,
      CallSid: call.sid,
      CallStatus: call.status,
      CallDuration: call.duration ?? "0",
      From: call.from,
      To: call.to,
      Direction: call.direction,
    },
    endedAt: endedAt && Number.isFinite(endedAt.getTime()) ? endedAt : undefined,
  };
}
