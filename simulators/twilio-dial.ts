/**
 * Twilio running the TwiML a live call was updated with (a warm transfer), simulated: <Say> takes its time, <Dial> rings
 * its <Number> and the called party behaves as told: answers, hears the whisper its `url` returns (a <Gather>), presses 1
 * or nothing; does not answer within the <Dial timeout>; is busy; or fails. Then the <Dial action> is posted with
 * Twilio's parameters (DialCallStatus, DialCallSid, DialCallDuration, DialBridged) and its answer runs next, until a
 * <Connect><Stream> (the caller back with the agent, returned for the caller to stream), a <Hangup> or a message.
 */
import { randomBytes } from "node:crypto";

/** What the person rung does: answers and presses 1, answers and presses nothing, lets it ring, is busy, or the call fails. */
export const CALLEE_BEHAVIOURS = ["accepts", "declines", "no-answer", "busy", "fails"] as const;
export type Callee = (typeof CALLEE_BEHAVIOURS)[number];

export interface DialedCall {
  number: string;
  /** Twilio's DialCallStatus. */
  status: string;
  /** DialCallDuration, seconds, for a call that was answered. */
  duration: number | null;
  /** What the whisper said to the person who answered. */
  whisper: string | null;
  accepted: boolean;
}

export interface TwimlRunOptions {
  callSid: string;
  accountSid: string;
  /** The caller's number and the business's (the parent call's From and To). */
  from: string;
  to: string;
  callee: Callee;
  /** How long the connected parties talk before the person rung hangs up (seconds). */
  talkSeconds: number;
  /** Real milliseconds per simulated second of waiting (1000: real time; tests go faster). */
  msPerSecond: number;
  /** Posts a signed webhook as Twilio does, to an absolute URL from the TwiML; answers the TwiML it returns. */
  post(url: string, params: Record<string, string>): Promise<string>;
  log(line: string): void;
}

const unescape = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const attribute = (attributes: string, name: string) => {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
  return match === undefined ? undefined : unescape(match);
};
/** The words a TwiML document's <Say>s speak. */
export const spoken = (twiml: string) => [...twiml.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].map((match) => unescape(match[1]!)).join(" ");
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/** Runs the TwiML until the caller is streamed again (that TwiML is answered) or the call ends (null). */
export async function runUpdatedCall(twiml: string, options: TwimlRunOptions, dialed: DialedCall[]): Promise<string | null> {
  const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * options.msPerSecond));
  let document = twiml;
  for (let step = 0; step < 12; step++) {
    const dial = /<Dial([^>]*)>([\s\S]*?)<\/Dial>/.exec(document);
    // What is said before the <Dial> (the hold message) plays first, about 15 characters a second.
    const before = dial ? document.slice(0, dial.index) : document;
    if (spoken(before)) options.log(`call ${options.callSid}: the caller hears "${spoken(before)}"`);
    await wait(Math.min(4, spoken(before).length / 15));
    if (/<Connect[\s>]/.test(document)) return document;
    if (!dial) return null;
    const call = await ring(dial[1]!, dial[2]!, options, wait);
    dialed.push(call);
    const action = attribute(dial[1]!, "action");
    if (!action) return null;
    document = await options.post(action, {
      AccountSid: options.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: options.callSid,
      From: options.from,
      To: options.to,
      Direction: "inbound",
      CallStatus: "in-progress",
      DialCallSid: sid("CA"),
      DialCallStatus: call.status,
      DialBridged: String(call.accepted),
      ...(call.duration === null ? {} : { DialCallDuration: String(call.duration) }),
    });
  }
  return null;
}

/** One <Dial> of one <Number>: the person rung does what `options.callee` says. */
async function ring(attributes: string, nouns: string, options: TwimlRunOptions, wait: (seconds: number) => Promise<unknown>): Promise<DialedCall> {
  const number = /<Number([^>]*)>([^<]+)<\/Number>/.exec(nouns);
  const to = unescape(number?.[2] ?? nouns).trim();
  const timeout = Number(attribute(attributes, "timeout") ?? 30);
  const result = (status: string, rest: Partial<DialedCall> = {}): DialedCall => ({
    number: to,
    status,
    duration: null,
    whisper: null,
    accepted: false,
    ...rest,
  });
  options.log(`call ${options.callSid}: ringing ${to} (${options.callee})`);
  if (options.callee === "busy") return (await wait(1), result("busy"));
  if (options.callee === "fails") return result("failed");
  if (options.callee === "no-answer") return (await wait(timeout), result("no-answer"));
  await wait(2);
  const whisperUrl = number ? attribute(number[1]!, "url") : undefined;
  if (!whisperUrl) return result("completed", { duration: options.talkSeconds, accepted: true });
  // The whisper runs on the answering leg: its own CallSid, the parent's named.
  const leg = {
    AccountSid: options.accountSid,
    ApiVersion: "2010-04-01",
    CallSid: sid("CA"),
    ParentCallSid: options.callSid,
    From: attribute(attributes, "callerId") ?? options.to,
    To: to,
    Direction: "outbound-dial",
    CallStatus: "in-progress",
  };
  const whisper = await options.post(whisperUrl, leg);
  const briefing = spoken(/<Gather[\s\S]*?<\/Gather>/.exec(whisper)?.[0] ?? whisper);
  options.log(`call ${options.callSid}: ${to} answers and hears "${briefing}"`);
  await wait(Math.min(4, briefing.length / 15));
  const gather = /<Gather([^>]*)>/.exec(whisper);
  const gatherAction = gather ? attribute(gather[1]!, "action") : undefined;
  if (options.callee === "accepts" && gatherAction) {
    const joined = await options.post(gatherAction, { ...leg, Digits: "1", FinishedOnKey: "" });
    const accepted = !/<Hangup\s*\/>/.test(joined);
    options.log(`call ${options.callSid}: ${to} presses 1${accepted ? ` and talks with the caller for ${options.talkSeconds} s` : ", but is not put through"}`);
    if (!accepted) return result("completed", { duration: 4, whisper: briefing });
    await wait(options.talkSeconds);
    return result("completed", { duration: options.talkSeconds + 4, whisper: briefing, accepted: true });
  }
  // Nothing pressed: <Gather> times out, the whisper's last words play and it hangs up the answering leg.
  await wait(Number(gather ? (attribute(gather[1]!, "timeout") ?? 5) : 0));
  options.log(`call ${options.callSid}: ${to} presses nothing and the whisper hangs up`);
  return result("completed", { duration: 10, whisper: briefing });
}
