/**
 * Requests between the two planes of a call carry an HMAC of their method, path, time and body under a key derived
 * from the deployment's secret (both workers share AUTH_SECRET). The media plane is reachable from the internet (Twilio
 * streams to it) and so is the control plane: nothing but the other plane may prepare a call, run its tools or end it.
 */
import { fromBase64Url, purposeKey, toBase64Url } from "./keyed-hash";

const PLANE_HEADER = "x-nikki-plane";
/** A signed request older than this is refused (a replay of a captured one). */
const MAX_AGE_MS = 60_000;
const encoder = new TextEncoder();

const material = (method: string, path: string, at: string, body: string) => `${method} ${path}\n${at}\n${body}`;

async function mac(secret: string, text: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await purposeKey("call-planes", secret), encoder.encode(text)));
}

/** A POST from one plane to the other, signed. */
export async function planeRequest(secret: string, url: string, body: object): Promise<Request> {
  const text = JSON.stringify(body);
  const at = String(Date.now());
  const path = new URL(url).pathname;
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", [PLANE_HEADER]: `${at}.${await mac(secret, material("POST", path, at, text))}` },
    body: text,
  });
}

/** Posts `body` to the other plane over its binding, signed; throws unless it answers 2xx. */
export async function postToPlane(fetcher: Fetcher, secret: string, url: string, body: object): Promise<Response> {
  const response = await fetcher.fetch(await planeRequest(secret, url, body));
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** The request's JSON body (an object) when it was signed by the other plane, recently; null otherwise. */
export async function verifiedPlaneBody<Body extends object>(secret: string | undefined, request: Request, now = Date.now()): Promise<Body | null> {
  const header = request.headers.get(PLANE_HEADER);
  if (!secret || !header || request.method !== "POST") return null;
  const [at, signature] = header.split(".", 2);
  if (!at || !signature || !(Math.abs(now - Number(at)) <= MAX_AGE_MS)) return null;
  const text = await request.text();
  const key = await purposeKey("call-planes", secret);
  const given = fromBase64Url(signature);
  if (!given) return null;
  const valid = await crypto.subtle.verify("HMAC", key, given, encoder.encode(material("POST", new URL(request.url).pathname, at, text)));
  if (!valid) return null;
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === "object" && body !== null ? (body as Body) : null;
  } catch {
    return null;
  }
}
