/** What every reliability item gets: the product running on loopback with the provider simulators, and its D1. */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import twilio from "twilio";
import { DEMO } from "../../worker/src/db/seed";
import type { Simulators } from "@nikki/dev/simulators";

export interface Context {
  base: string;
  db: D1Database;
  simulators: Simulators;
  /** The worker's AUTH_SECRET: what a link it sends (the manage page's) is signed with. */
  authSecret: string;
  /** The product's cron, run at a given scheduled time (Miniflare's, bench-reliability.ts). */
  scheduled(at: Date): Promise<void>;
  /** An organization's spend today as its SpendMeter counted it, in micro-dollars. */
  spentToday(organizationId: string): Promise<number>;
}

export interface Outcome {
  /** `key=value` figures, printed as they are. */
  figures: string;
  /** Each broken promise, in words; none means ok. */
  failures: string[];
}

export interface ReliabilityItem {
  number: string;
  name: string;
  /** Needs the worker and simulators running. */
  server: boolean;
  run(context: Context): Promise<Outcome>;
}

/** Rows in every table of the product's database (migrations' bookkeeping aside): the measure of "nothing written". */
export async function totalRows(db: D1Database): Promise<number> {
  const { results } = await db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations'")
    .all<{ name: string }>();
  let total = 0;
  for (const { name } of results) total += (await db.prepare(`select count(*) as n from "${name}"`).first<{ n: number }>())!.n;
  return total;
}

let nextAddress = 1;
/** A documentation-range address (198.18.0.0/15) nobody else in this run presents. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** The `Cookie` header a browser would send back after this response. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * A signed-in business owner: the session cookie and the organization. `origin`: the deployment's own, when its
 * PUBLIC_BASE_URL is not where it is reached (a deployed configuration run on loopback).
 */
export async function signUpOwner(base: string, company: string, origin = base): Promise<{ cookie: string; organizationId: string }> {
  const email = `reliability-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${base}/api/account/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "cf-connecting-ip": freshAddress() },
    body: JSON.stringify({ firstName: "Rel", lastName: "Iability", email, company, password: "correct horse battery" }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = cookieOf(response);
  const body = (await response.json()) as { organization: { id: string } };
  return { cookie, organizationId: body.organization.id };
}

export const outcome = (figures: Record<string, string | number>, failures: string[]): Outcome => ({
  figures: Object.entries(figures)
    .map(([key, value]) => `${key}=${value}`)
    .join(" "),
  failures,
});

/** A webhook as Twilio sends it for the platform's account: form-encoded, signed over this origin's URL. */
export function signedTwilioPost(context: Context, path: string, params: Record<string, string>): Promise<Response> {
  const url = `${context.base}${path}`;
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(SIMULATED_CREDENTIALS.twilioAuthToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/** The platform account's completed-call status callback. */
export async function completedCallback(context: Context, callSid: string, seconds: number): Promise<number> {
  const params = { CallSid: callSid, AccountSid: SIMULATED_CREDENTIALS.twilioAccountSid, CallStatus: "completed", CallDuration: String(seconds) };
  const response = await signedTwilioPost(context, "/twilio/voice/status", params);
  await response.body?.cancel();
  return response.status;
}

/** The Test-a-Call widget's "call me now" on the demo organization, from a given address. */
export function callMeNow(context: Context, phone: string, address: string): Promise<Response> {
  return fetch(`${context.base}/api/demo-calls?key=${DEMO.publicWidgetKey}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: context.base, "cf-connecting-ip": address },
    body: JSON.stringify({ phone, consent: true }),
  });
}
