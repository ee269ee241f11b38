/**
 * Secrets at rest (integration credentials): AES-256-GCM, a fresh 96-bit IV per value, stored as
 * `v1.<base64 iv>.<base64 ciphertext+tag>`. The key is ENCRYPTION_KEY (32 bytes, base64) when set, otherwise
 * derived from AUTH_SECRET with HKDF-SHA-256, so a deployment has one secret less to manage.
 */
import type { Config } from "../env";

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export async function secretsKey(config: Pick<Config, "ENCRYPTION_KEY" | "AUTH_SECRET">): Promise<CryptoKey | null> {
  if (config.ENCRYPTION_KEY) {
    return crypto.subtle.importKey("raw", unb64(config.ENCRYPTION_KEY), "AES-GCM", false, ["encrypt", "decrypt"]);
  }
  if (!config.AUTH_SECRET) return null;
  const base = await crypto.subtle.importKey("raw", encoder.encode(config.AUTH_SECRET), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("nikki-ai/secrets"), info: encoder.encode("integration-credentials/v1") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function encryptSecret(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plaintext)));
  return `v1.${b64(iv)}.${b64(sealed)}`;
}

export async function decryptSecret(key: CryptoKey, stored: string): Promise<string> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Unrecognised secret format");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, key, unb64(sealed));
  return new TextDecoder().decode(plain);
}
