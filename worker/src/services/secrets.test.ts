import { describe, expect, it } from "vitest";
import { keyringOf, openSecret, sealSecret } from "./secrets";

const KEY_A = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const KEY_B = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
const scope = { organizationId: "org-1", provider: "twilio" };

/** The v1 format as the previous release wrote it: no key id, no associated data. */
async function sealV1(key: CryptoKey, plaintext: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plaintext)));
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  return `v1.${b64(iv)}.${b64(sealed)}`;
}

describe("secrets at rest", () => {
  it("seal as v2 with the key id, open again, and never show the plaintext", async () => {
    const ring = (await keyringOf({ ENCRYPTION_KEY: KEY_A, ENCRYPTION_KEY_ID: "k1" }))!;
    const sealed = await sealSecret(ring, scope, '{"auth_token":"secret-value"}');
    expect(sealed).toMatch(/^v2\.k1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain("secret-value");
    expect(await openSecret(ring, scope, sealed)).toEqual({ plaintext: '{"auth_token":"secret-value"}', stale: false });
    expect(ring.derived).toBe(false);
  });

  it("refuse a value moved to another organization or provider, altered, or under an unknown key", async () => {
    const ring = (await keyringOf({ ENCRYPTION_KEY: KEY_A }))!;
    const sealed = await sealSecret(ring, scope, "secret");
    await expect(openSecret(ring, { ...scope, organizationId: "org-2" }, sealed)).rejects.toThrow();
    await expect(openSecret(ring, { ...scope, provider: "openai" }, sealed)).rejects.toThrow();
    const [version, id, iv, body] = sealed.split(".");
    const bytes = Uint8Array.from(atob(body!), (char) => char.charCodeAt(0));
    bytes[3]! ^= 1;
    const tampered = [version, id, iv, btoa(String.fromCharCode(...bytes))].join(".");
    await expect(openSecret(ring, scope, tampered)).rejects.toThrow();
    const other = (await keyringOf({ ENCRYPTION_KEY: KEY_B }))!;
    await expect(openSecret(other, scope, sealed)).rejects.toThrow();
    await expect(openSecret(ring, scope, sealed.replace("v2.k1.", "v2.k9."))).rejects.toThrow("No key with id k9");
  });

  it("open v1 values and previous keys, marked stale so they are sealed again", async () => {
    const oldRing = (await keyringOf({ ENCRYPTION_KEY: KEY_A, ENCRYPTION_KEY_ID: "k1" }))!;
    const v1 = await sealV1(oldRing.keys.get("k1")!, "legacy");
    const v2 = await sealSecret(oldRing, scope, "before rotation");
    const rotated = (await keyringOf({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_ID: "k2", ENCRYPTION_PREVIOUS_KEYS: `k1:${KEY_A}` }))!;
    expect(await openSecret(rotated, scope, v1)).toEqual({ plaintext: "legacy", stale: true });
    expect(await openSecret(rotated, scope, v2)).toEqual({ plaintext: "before rotation", stale: true });
    expect(await sealSecret(rotated, scope, "after")).toMatch(/^v2\.k2\./);
  });

  it("derive a development key from AUTH_SECRET, and say so", async () => {
    const ring = (await keyringOf({ AUTH_SECRET: "a-development-secret-0123456789abcdef" }))!;
    expect(ring).toMatchObject({ currentId: "dev", derived: true });
    expect(await keyringOf({})).toBeNull();
  });
});
