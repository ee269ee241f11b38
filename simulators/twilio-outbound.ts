/**
 * A call placed through the simulated Twilio REST API (POST Calls.json), carried out as Twilio does: it rings, the
 * simulated callee answers, Twilio fetches the call's TwiML from `Url` (a signed voice webhook) and runs it: <Say>,
 * <Play> and <Pause> take their time, <Connect><Stream> streams to the Media Stream it names (media-stream.ts: the
 * callee hears the greeting, says a line, hears the answer and hangs up), the <Connect> action is asked what comes
 * next when the stream ends with the callee still on the line, <Redirect> fetches new TwiML, <Hangup> or the end of
 * the document ends the call. A call update (POST Calls/{sid}.json) replaces the TwiML running (`Twiml`, `Url`) or
 * ends the call (`Status=completed|canceled`). Status callbacks go to `StatusCallback` for the `StatusCallbackEvent`s
 * asked (completed alone by default), in Twilio's form: the call's parameters with `CallbackSource`,
 * `SequenceNumber`, `Timestamp`, and `CallDuration` and `Duration` once it completed. Who answers (a person, a
 * voicemail, a fax) and what answering machine detection says of it: twilio-callee.ts. With `AsyncAmd=true` the
 * verdict goes to `AsyncAmdStatusCallback` while the call runs (AccountSid, CallSid, AnsweredBy,
 * MachineDetectionDuration); without it, Twilio waits for the verdict and sends `AnsweredBy` with the TwiML request.
 */
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { emptyStreamReport, runMediaStream } from "./media-stream";
import { type CalleeKind, calleeAudio, detectionOf } from "./twilio-callee";

export type OutboundStatus = "queued" | "initiated" | "ringing" | "in-progress" | "completed" | "canceled" | "failed";

export interface OutboundRequest {
  accountSid: string;
  authToken: string;
  sid: string;
  from: string;
  to: string;
  /** The form POSTed to Calls.json: Url, Method, Twiml, StatusCallback, StatusCallbackMethod, StatusCallbackEvent. */
  form: Record<string, string>;
  /** Who picks up: a person unless the test set this number to answer as a machine or a fax. */
  callee: CalleeKind;
  log(line: string): void;
}

const rfc2822 = (at: Date) => at.toUTCString().replace("GMT", "+0000");
const unescape = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"');
/** The top-level verbs of a TwiML document, in order. */
const VERBS = /<(Say|Play|Pause|Start|Connect|Hangup|Redirect|Dial|Gather|Record|Reject)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g;
const attribute = (attributes: string, name: string) => {
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : unescape(value);
};

export class OutboundCall {
  status: OutboundStatus = "queued";
  readonly createdAt = new Date();
  answeredAt: number | null = null;
  endedAt: Date | null = null;
  duration: number | null = null;
  /** Answering machine detection's verdict, once given. */
  answeredBy: string | null = null;
  /** What the callee heard from <Say> (a message left on a machine among it). */
  readonly heard: string[] = [];
  private detectionTimer: ReturnType<typeof setTimeout> | null = null;
  /** Synchronous detection: the verdict goes with the TwiML request. */
  private answeredByParameter: Record<string, string> = {};
  private sequence = 0;
  private ending: "completed" | "canceled" | null = null;
  /** What replaces the TwiML running (a call update), read once the running verb has stopped. */
  private replacement: (() => Promise<string | null>) | null = null;
  private interrupt = new AbortController();
  readonly done: Promise<void>;

  constructor(private readonly request: OutboundRequest) {
    this.done = this.run().catch((error: unknown) => request.log(`call ${request.sid}: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** POST Calls/{sid}.json: new TwiML (`Twiml` or `Url`), or the end of the call (`Status`). */
  update(form: Record<string, string>) {
    if (this.endedAt) return;
    if (form.Status === "completed" || form.Status === "canceled") {
      this.ending = this.answeredAt === null ? "canceled" : "completed";
      this.request.log(`call ${this.request.sid}: ended by a call update (Status=${form.Status})`);
    } else if (form.Twiml) {
      const twiml = form.Twiml;
      this.replacement = async () => twiml;
    } else if (form.Url) {
      const url = form.Url;
      this.replacement = () => this.fetchTwiml(url, form.Method);
    } else return;
    this.interrupt.abort();
  }

  private get parameters(): Record<string, string> {
    const { accountSid, sid, from, to } = this.request;
    return {
      AccountSid: accountSid,
      ApiVersion: "2010-04-01",
      CallSid: sid,
      CallStatus: this.status,
      Called: to,
      Caller: from,
      Direction: "outbound-api",
      From: from,
      To: to,
      ...this.answeredByParameter,
    };
  }

  private async signedPost(url: string, params: Record<string, string>, method = "POST"): Promise<Response> {
    const body = new URLSearchParams(params);
    if (method.toUpperCase() === "GET") {
      const target = `${url}${url.includes("?") ? "&" : "?"}${body}`;
      return fetch(target, { headers: { "x-twilio-signature": await computeTwilioSignature(this.request.authToken, target, {}) } });
    }
    const signature = await computeTwilioSignature(this.request.authToken, url, params);
    return fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body });
  }

  private async fetchTwiml(url: string, method = "POST"): Promise<string | null> {
    try {
      const response = await this.signedPost(url, this.parameters, method);
      if (response.ok) return await response.text();
      this.request.log(`call ${this.request.sid}: ${url} answered ${response.status} (Twilio error 11200: the caller hears an application error)`);
    } catch (error) {
      this.request.log(`call ${this.request.sid}: could not fetch TwiML from ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return null;
  }

  private async callback(event: "initiated" | "ringing" | "answered" | "completed") {
    const url = this.request.form.StatusCallback;
    const asked = (this.request.form.StatusCallbackEvent ?? "completed").split(/[\s,]+/);
    if (!url || !asked.includes(event)) return;
    const params: Record<string, string> = {
      ...this.parameters,
      CallbackSource: "call-progress-events",
      SequenceNumber: String(this.sequence++),
      Timestamp: rfc2822(new Date()),
    };
    if (event === "completed" || event === "answered") params.SipResponseCode = this.answeredAt === null ? "487" : "200";
    if (event === "completed") {
      params.CallDuration = String(this.duration ?? 0);
      params.Duration = String(Math.ceil((this.duration ?? 0) / 60));
    }
    await this.signedPost(url, params, this.request.form.StatusCallbackMethod).catch((error: unknown) =>
      this.request.log(`call ${this.request.sid}: status callback to ${url} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** AsyncAmd: the verdict posted to AsyncAmdStatusCallback (relative to Url when relative) while the call runs. */
  private async postDetection(answeredBy: string, afterMs: number) {
    if (this.endedAt) return;
    this.answeredBy = answeredBy;
    const { AsyncAmdStatusCallback: callback, AsyncAmdStatusCallbackMethod: method, Url } = this.request.form;
    this.request.log(`call ${this.request.sid}: answering machine detection says ${answeredBy} after ${afterMs} ms`);
    if (!callback) return this.request.log(`call ${this.request.sid}: warning 21262, no AMD status callback URL provided`);
    const url = new URL(callback, Url ?? undefined).toString();
    const params = { AccountSid: this.request.accountSid, CallSid: this.request.sid, AnsweredBy: answeredBy, MachineDetectionDuration: String(afterMs) };
    await this.signedPost(url, params, method).catch((error: unknown) =>
      this.request.log(`call ${this.request.sid}: AMD status callback to ${url} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private wait(ms: number) {
    const signal = this.interrupt.signal;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
  }

  /** As Twilio does, whatever went wrong on the way: a call always ends, with its final status callback. */
  private async run() {
    try {
      await this.carryOut();
    } catch (error) {
      this.request.log(`call ${this.request.sid}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.endedAt = new Date();
    if (this.detectionTimer) clearTimeout(this.detectionTimer);
    this.status = this.ending === "canceled" ? "canceled" : "completed";
    this.duration = this.answeredAt === null ? 0 : Math.round((Date.now() - this.answeredAt) / 1000);
    this.request.log(`call ${this.request.sid}: ${this.status} after ${this.duration} s`);
    await this.callback("completed");
  }

  private async carryOut() {
    this.status = "initiated";
    await this.callback("initiated");
    await this.wait(100);
    this.status = "ringing";
    await this.callback("ringing");
    await this.wait(300);
    if (!this.ending) {
      this.status = "in-progress";
      this.answeredAt = Date.now();
      await this.callback("answered");
      this.request.log(`call ${this.request.sid}: ${this.request.to} answered (${this.request.callee})`);
      const { Twiml, Url, Method, MachineDetection, AsyncAmd } = this.request.form;
      const detection = detectionOf(this.request.callee, MachineDetection);
      if (detection && AsyncAmd === "true") {
        this.detectionTimer = setTimeout(() => void this.postDetection(detection.answeredBy, detection.afterMs), detection.afterMs);
      } else if (detection) {
        await this.wait(detection.afterMs);
        this.answeredBy = detection.answeredBy;
        this.answeredByParameter = { AnsweredBy: detection.answeredBy };
      }
      let document = Twiml ?? (Url ? await this.fetchTwiml(Url, Method) : null);
      while (document !== null && !this.ending) {
        document = await this.execute(document);
        if (this.replacement && !this.ending) {
          const next = this.replacement;
          this.replacement = null;
          this.interrupt = new AbortController();
          document = await next();
        }
      }
    }
  }

  /** Runs one TwiML document; answers the next document (a redirect, the <Connect> action's answer), or null when the call is over. */
  private async execute(document: string): Promise<string | null> {
    for (const [, verb, attributes = "", inner = ""] of document.matchAll(VERBS)) {
      if (this.ending || this.interrupt.signal.aborted) return null;
      if (verb === "Say") {
        this.heard.push(unescape(inner));
        await this.wait(Math.min(3_000, (unescape(inner).length / 15) * 1000));
      } else if (verb === "Play") await this.wait(2_000);
      else if (verb === "Pause") await this.wait(Math.min(2, Number(attribute(attributes, "length") ?? 1)) * 1000);
      else if (verb === "Hangup" || verb === "Reject") return null;
      else if (verb === "Redirect") return this.fetchTwiml(unescape(inner.trim()), attribute(attributes, "method"));
      else if (verb === "Connect" && inner.includes("<Stream")) {
        const next = await this.stream(inner, attribute(attributes, "action"), attribute(attributes, "method"));
        if (next !== undefined) return next;
      } else if (verb !== "Start") this.request.log(`call ${this.request.sid}: <${verb}> is not simulated; skipped`);
    }
    return null;
  }

  /** The callee on the Media Stream; answers the action's TwiML, null when the call is over, undefined to go on. */
  private async stream(twiml: string, action: string | undefined, method: string | undefined): Promise<string | null | undefined> {
    const outcome = await runMediaStream({
      twiml,
      accountSid: this.request.accountSid,
      authToken: this.request.authToken,
      callSid: this.request.sid,
      ...calleeAudio(this.request.callee),
      signal: this.interrupt.signal,
      report: emptyStreamReport(),
      log: this.request.log,
    });
    if (this.ending || this.interrupt.signal.aborted) return null;
    // The callee said their line and hung up.
    if (outcome.opened && !outcome.closedByBridge) {
      this.request.log(`call ${this.request.sid}: the callee hung up`);
      return null;
    }
    // The stream could not open or the far side closed it, with the callee still on the line: the action says what next.
    if (!action) return undefined;
    return this.fetchTwiml(action, method);
  }
}
