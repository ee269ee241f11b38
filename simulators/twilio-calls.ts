/**
 * Twilio's record of each call of an account, as its Call resource answers it (`GET Calls/{sid}.json`, the Calls
 * list): the calls the REST simulator placed (twilio-outbound.ts), and the inbound calls a simulated caller drives
 * from its own process (twilio-caller.ts), which reports how its call goes (`PUT /__calls/{CallSid}` `{from, to,
 * status, duration?}`: ringing, in progress, then its final status). The final status callback of chosen calls can be
 * lost (faults.ts, `POST /__faults {path: "/status-callbacks/{CallSid, or the From or To number}", count}`; a
 * trailing `*` matches a prefix): Twilio never sends it, as when its retries give up; the record still says the call
 * ended.
 */
import type { OutboundCall } from "./twilio-outbound";

/** The statuses of Twilio's Call resource (twilio's `CallStatus`). */
export const CALL_STATUSES = ["queued", "ringing", "in-progress", "completed", "busy", "failed", "no-answer", "canceled"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
const FINAL: readonly CallStatus[] = ["completed", "busy", "failed", "no-answer", "canceled"];

/** An inbound call as its simulated caller reported it. */
interface Reported {
  status: CallStatus;
  startedAt: Date | null;
  endedAt: Date | null;
  duration: number | null;
}

export interface SimulatedCall {
  sid: string;
  from: string;
  to: string;
  direction: "inbound" | "outbound-api";
  created: Date;
  /** A call the simulator placed, as it goes. */
  placed: OutboundCall | null;
  /** An inbound call, as its caller reported it. */
  reported: Reported | null;
}

/** What Twilio lists a minute of a local number's call at (US), by direction. */
const PRICE_PER_MINUTE = { inbound: 0.0085, "outbound-api": 0.014 } as const;

const rfc2822 = (at: Date | null) => (at ? at.toUTCString().replace("GMT", "+0000") : null);
/** A North American number as Twilio formats it for display; any other stays in E.164. */
const formatted = (number: string) => {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : number;
};

/** Where the call stands: a placed call's own progress ("initiated" is a callback event, not a resource status). */
function stateOf(call: SimulatedCall): Reported {
  if (call.reported) return call.reported;
  const placed = call.placed;
  if (!placed) return { status: "queued", startedAt: null, endedAt: null, duration: null };
  return {
    status: placed.status === "initiated" ? "queued" : placed.status,
    startedAt: placed.answeredAt === null ? null : new Date(placed.answeredAt),
    endedAt: placed.endedAt,
    duration: placed.endedAt ? placed.duration : null,
  };
}

/** The Call resource in Twilio's JSON: dates in RFC 2822, the duration in seconds and the price as text, the price once it ended. */
export function callResource(call: SimulatedCall, accountSid: string) {
  const state = stateOf(call);
  const uri = `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`;
  const minutes = state.duration ? Math.ceil(state.duration / 60) : 0;
  return {
    sid: call.sid,
    date_created: rfc2822(call.created),
    date_updated: rfc2822(state.endedAt ?? state.startedAt ?? call.created),
    parent_call_sid: null,
    account_sid: accountSid,
    to: call.to,
    to_formatted: formatted(call.to),
    from: call.from,
    from_formatted: formatted(call.from),
    phone_number_sid: null,
    status: state.status,
    start_time: rfc2822(state.startedAt),
    end_time: rfc2822(state.endedAt),
    duration: state.duration === null ? null : String(state.duration),
    price: minutes ? (-minutes * PRICE_PER_MINUTE[call.direction]).toFixed(5) : null,
    price_unit: "USD",
    direction: call.direction,
    answered_by: call.placed?.answeredBy ?? null,
    annotation: null,
    api_version: "2010-04-01",
    forwarded_from: null,
    group_sid: null,
    caller_name: null,
    queue_time: "0",
    trunk_sid: null,
    uri,
    subresource_uris: {
      notifications: uri.replace(".json", "/Notifications.json"),
      recordings: uri.replace(".json", "/Recordings.json"),
      events: uri.replace(".json", "/Events.json"),
      siprec: uri.replace(".json", "/Siprec.json"),
      streams: uri.replace(".json", "/Streams.json"),
      payments: uri.replace(".json", "/Payments.json"),
      user_defined_message_subscriptions: uri.replace(".json", "/UserDefinedMessageSubscriptions.json"),
      user_defined_messages: uri.replace(".json", "/UserDefinedMessages.json"),
    },
  };
}

/** The fault paths that name a call's final status callback: by its sid, or by either of its numbers. */
export const statusCallbackPaths = (call: { sid: string; from: string; to: string }) => [call.sid, call.from, call.to].map((key) => `/status-callbacks/${key}`);

/** What a caller reports of its inbound call: `PUT /__calls/{CallSid}`. */
export interface InboundReport {
  from?: string;
  to?: string;
  status?: string;
  /** Seconds, for a final status; else counted from when it was reported in progress. */
  duration?: number;
}

/**
 * Keeps what the caller reported (a first report records the call); answers the call, or a message saying what is
 * wrong with the report.
 */
export function reportInbound(existing: SimulatedCall | undefined, sid: string, report: InboundReport): SimulatedCall | string {
  const status = report.status as CallStatus;
  if (!CALL_STATUSES.includes(status)) return `Give status: one of ${CALL_STATUSES.join(", ")}`;
  if (existing?.placed) return "That call was placed through the REST API: it goes on by itself";
  const call = existing ?? {
    sid,
    from: report.from ?? "",
    to: report.to ?? "",
    direction: "inbound" as const,
    created: new Date(),
    placed: null,
    reported: null,
  };
  if (!call.from || !call.to) return "Give from and to with the call's first report";
  const now = new Date();
  const before = call.reported ?? { status: "ringing" as const, startedAt: null, endedAt: null, duration: null };
  if (FINAL.includes(before.status)) return "That call is over";
  const startedAt = before.startedAt ?? (status === "in-progress" || status === "completed" ? now : null);
  if (!FINAL.includes(status)) {
    call.reported = { status, startedAt, endedAt: null, duration: null };
    return call;
  }
  const counted = startedAt && status === "completed" ? Math.round((now.getTime() - startedAt.getTime()) / 1000) : 0;
  call.reported = { status, startedAt, endedAt: now, duration: report.duration ?? counted };
  return call;
}

export const isFinal = (status: string) => FINAL.includes(status as CallStatus);
