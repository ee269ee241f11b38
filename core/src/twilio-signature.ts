/**
 * Twilio's request signature: HMAC-SHA1 over the URL followed by every POST parameter's name and value,
 * sorted by name, keyed with the auth token, base64. Computed with WebCrypto (global in workerd and Node), compared in
 * constant time: the worker checks and signs with it, the Twilio simulators sign what they send with it.
 */
const encoder = new TextEncoder();

/**
 * Each auth token's key, imported once per isolate: a call's lifecycle signs or checks up to ten URLs with the same
 * token (its four webhooks, with and without the default port, and the stream's signatures). Few tokens ever sign
 * (the platform's, and the businesses' own accounts), and the set is dropped whole if it ever grows past the cap.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_KEYS = 256;

function hmacKey(authToken: string): Promise<CryptoKey> {
  let key = keys.get(authToken);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
    keys.set(authToken, key);
    // A failed import is not kept.
    key.catch(() => keys.delete(authToken));
  }
  return key;
}

export async function computeTwilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  const key = await hmacKey(authToken);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(data)));
  return btoa(String.fromCharCode(...signature));
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

/** The URL as Twilio may have signed it: exactly as configured, and with or without the default port. */
function urlVariants(url: string): string[] {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === "https:" ? "443" : "80";
  const withoutPort = new URL(url);
  withoutPort.port = "";
  const withPort = `${parsed.protocol}//${parsed.hostname}:${defaultPort}${parsed.pathname}${parsed.search}`;
  return [...new Set([url, withoutPort.href, withPort])];
}

export async function verifyTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): Promise<boolean> {
  if (!signature) return false;
  for (const candidate of urlVariants(url)) {
    if (constantTimeEqual(await computeTwilioSignature(authToken, candidate, params), signature)) return true;
  }
  return false;
}

/**
 * The signatures a media stream to `streamUrl` may carry, signed with `authToken`: Twilio signs the URL it connects to
 * (the wss:// form the TwiML names; the https:// form is accepted too), with or without the default port, no parameters.
 */
export async function streamSignatures(authToken: string, streamUrl: string): Promise<string[]> {
  const variants = urlVariants(streamUrl.replace(/^ws/, "http"));
  const urls = new Set([...variants, ...variants.map((url) => url.replace(/^http/, "ws"))]);
  return Promise.all([...urls].map((url) => computeTwilioSignature(authToken, url, {})));
}
