/**
 * HMAC-SHA-256 keys derived from the deployment's secret, one per purpose (`purpose:secret`), so one secret serves
 * several uses that cannot stand in for each other; each key is imported once per isolate. And base64url, the form
 * these hashes and other tokens travel in.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

export function purposeKey(purpose: string, secret: string): Promise<CryptoKey> {
  const material = `${purpose}:${secret}`;
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(material), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(material, key);
  }
  return key;
}

export const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
