/**
 * The running product's dashboard API as a scenario reads it: signed in as the demo's owner (local demo only; `npm
 * start` prints the same address and password, and NIKKI_EMAIL / NIKKI_PASSWORD name another account), so a scenario
 * can set what it needs through the product and print what the call left behind.
 */
import type { CallDetailResource, CallResource } from "@nikki/core";
import { DEMO } from "../../worker/src/db/seed";
import { signInFailure } from "./dashboard-reader";

export interface Dashboard {
  get<T>(path: string): Promise<T>;
  send<T>(method: "PATCH" | "POST", path: string, body: unknown): Promise<T>;
}

export async function signIn(baseUrl: string): Promise<Dashboard> {
  const email = process.env.NIKKI_EMAIL ?? DEMO.ownerEmail;
  const password = process.env.NIKKI_PASSWORD ?? DEMO.ownerPassword;
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(await signInFailure(response, email, "set NIKKI_EMAIL and NIKKI_PASSWORD to an owner or admin"));
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return { get: (path) => request("GET", path), send: (method, path, body) => request(method, path, body) };
}

/** The newest call from `from`, as the call detail shows it, once it is no longer in progress (or after `waitMs`). */
export async function latestCallFrom(dashboard: Dashboard, from: string, waitMs = 8_000): Promise<CallDetailResource | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { calls } = await dashboard.get<{ calls: CallResource[] }>(`/api/calls?q=${encodeURIComponent(from.slice(1))}`);
    const newest = calls.find((call) => call.from_number === from);
    const detail = newest ? (await dashboard.get<{ call: CallDetailResource }>(`/api/calls/${newest.id}`)).call : null;
    if ((detail && detail.duration_seconds !== null) || Date.now() > deadline) return detail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One line on what the product stored: the call's outcome, why it was screened, its cost, whether it was analysed. */
export function describeStored(call: CallDetailResource | null): string {
  if (!call) return "No call from this number was found in the dashboard.";
  const cost = call.cost_usd === null ? "no cost yet" : `cost $${call.cost_usd.toFixed(2)}`;
  const analysed = call.summary ? "analysed" : "not analysed";
  return `Stored: outcome ${call.outcome}${call.screened ? ` (screened: ${call.screened})` : ""}, status ${call.status}, ${call.duration_seconds ?? "?"} s, ${cost}, ${analysed}. Calls › ${call.id} in the dashboard.`;
}
