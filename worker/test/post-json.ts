import { SELF } from "cloudflare:test";

export const BASE = "https://nikki.test";

/** POSTs a JSON body (or raw text) to the worker under test. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export interface Envelope {
  error: { code: string; message: string; fields?: Record<string, string> };
}
