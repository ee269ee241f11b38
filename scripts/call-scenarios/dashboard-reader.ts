/**
 * What a scenario reads back from the running product as the business's owner sees it: signs in as the seed's owner (a
 * local demo's account; NIKKI_EMAIL / NIKKI_PASSWORD name another business's owner or admin) and reads a call's detail
 * from GET /api/calls/:id, waiting for its analysis.
 */
import type { ProcessingStatus } from "@nikki/core";
import { DEMO } from "../../worker/src/db/seed";

export interface ReadCall {
  id: string;
  processing_status: ProcessingStatus;
  summary: string | null;
  transcript: { role: "user" | "assistant"; content: string }[];
  caller: { returning: boolean; previous_calls: number };
}

/**
 * Why signing in as `email` failed, in words that point at the cause: a 429 is a rate limit (with when to retry), not a
 * wrong database; wrong credentials get `hint`.
 */
export async function signInFailure(response: Response, email: string, hint: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  const said = body?.error?.message ? `: ${body.error.message}` : "";
  if (response.status === 429) {
    const seconds = Number(response.headers.get("retry-after"));
    const when = Number.isFinite(seconds) && seconds > 0 ? ` (retry after ${seconds} s)` : "";
    return `signing in as ${email} was rate limited (429)${said}${when}`;
  }
  if (response.status === 401) return `signing in as ${email} failed (401)${said}: ${hint}`;
  return `signing in as ${email} failed (${response.status})${said}`;
}

export async function dashboardReader(baseUrl: string) {
  const email = process.env.NIKKI_EMAIL ?? DEMO.ownerEmail;
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: process.env.NIKKI_PASSWORD ?? DEMO.ownerPassword }),
  });
  if (!signedIn.ok)
    throw new Error(await signInFailure(signedIn, email, "is this the local demo database? (NIKKI_EMAIL and NIKKI_PASSWORD name another account)"));
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");

  /** Any dashboard read, as the owner. */
  async function read<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie, origin: baseUrl } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  const readCall = async (id: string): Promise<ReadCall> => (await read<{ call: ReadCall }>(`/api/calls/${id}`)).call;

  return {
    read,
    readCall,
    /** The call once its analysis is done (or failed), or as it is after `timeoutMs`. */
    async analysed(id: string, timeoutMs = 60_000): Promise<ReadCall> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const call = await readCall(id);
        if (call.processing_status !== "pending" || Date.now() > until) return call;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    },
  };
}
