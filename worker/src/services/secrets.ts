/**
 * Secrets at rest (integration credentials): AES-256-GCM with a fresh 96-bit IV per value and the organization id
 * and provider as associated data, stored as `v2.<key id>.<base64 iv>.<base64 ciphertext+tag>`; a value copied to
 * another organization or provider does not open. The sealing key is ENCRYPTION_KEY (id ENCRYPTION_KEY_ID), or,
 * for local development only, one derived from AUTH_SECRET (id "dev"); ENCRYPTION_PREVIOUS_KEYS still open old
 * values during a rotation. `v1.<iv>.<ciphertext>` values (no key id, no associated data) are still read.
 */
import type { Config } from "../env";

export interface SecretScope {
  organizationId: string;
  provider: string;
}

export interface Keyring {
  /** The key id new values are sealed with. */
  currentId: string;
  keys: Map<string, CryptoKey>;
  /** True when the key is derived from AUTH_SECRET: fine locally, a warning on /health when deployed. */
  derived: boolean;
}

type KeyConfig = Partial<Pick<Config, "ENCRYPTION_KEY" | "ENCRYPTION_KEY_ID" | "ENCRYPTION_PREVIOUS_KEYS" | "AUTH_SECRET">>;

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const aad = (scope: SecretScope) => encoder.encode(`${scope.organizationId}/${scope.provider}`);
const importRaw = (raw: string) => crypto.subtle.importKey("raw", unb64(raw), "AES-GCM", false, ["encrypt", "decrypt"]);

async function derivedKey(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("nikki-ai/secrets"), info: encoder.encode("integration-credentials/v1") },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const rings = new WeakMap<object, Promise<Keyring | null>>();

async function buildKeyring(config: KeyConfig): Promise<Keyring | null> {
  const keys = new Map<string, CryptoKey>();
  for (const pair of config.ENCRYPTION_PREVIOUS_KEYS?.split(",") ?? []) {
    const [id, raw] = pair.split(":");
    keys.set(id!, await importRaw(raw!));
  }
  if (config.ENCRYPTION_KEY) {
    const currentId = config.ENCRYPTION_KEY_ID ?? "k1";
    keys.set(currentId, await importRaw(config.ENCRYPTION_KEY));
    return { currentId, keys, derived: false };
  }
  if (!config.AUTH_SECRET) return null;
  keys.set("dev", await derivedKey(config.AUTH_SECRET));
  return { currentId: "dev", keys, derived: true };
}

/** The configuration's keys, built once per configuration; null when neither key nor AUTH_SECRET is set. */
export function keyringOf(config: KeyConfig): Promise<Keyring | null> {
  let ring = rings.get(config);
  if (!ring) {
    ring = buildKeyring(config);
    rings.set(config, ring);
  }
  return ring;
}

export async function sealSecret(ring: Keyring, scope: SecretScope, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = ring.keys.get(ring.currentId)!;
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(scope) }, key, encoder.encode(plaintext)));
  return `v2.${ring.currentId}.${b64(iv)}.${b64(sealed)}`;
}

/**
 * Opens a stored value. `stale` is true when it should be sealed again (a v1 value, or one sealed with a previous
 * key). Throws when the value was altered, belongs to another organization or provider, or its key is unknown.
 */
export async function openSecret(ring: Keyring, scope: SecretScope, stored: string): Promise<{ plaintext: string; stale: boolean }> {
  const parts = stored.split(".");
  if (parts[0] === "v2" && parts.length === 4) {
    const [, id, iv, sealed] = parts as [string, string, string, string];
    const key = ring.keys.get(id);
    if (!key) throw new Error(`No key with id ${id} is configured`);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv), additionalData: aad(scope) }, key, unb64(sealed));
    return { plaintext: new TextDecoder().decode(plain), stale: id !== ring.currentId };
  }
  if (parts[0] === "v1" && parts.length === 3) {
    for (const key of ring.keys.values()) {
      try {
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(parts[1]!) }, key, unb64(parts[2]!));
        return { plaintext: new TextDecoder().decode(plain), stale: true };
      } catch {}
    }
    throw new Error("No configured key opens this v1 value");
  }
  throw new Error("Unrecognised secret format");
}
