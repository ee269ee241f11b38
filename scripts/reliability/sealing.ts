/**
 * Item 13: secrets at rest (worker/src/services/secrets.ts, AES-256-GCM). 1,000,000 seals (RELIABILITY_SEALS to
 * change) with no IV repeated; a value with any single byte altered, or opened for another organization or
 * another provider, does not open.
 */
import { type Keyring, keyringOf, openSecret, sealSecret } from "../../worker/src/services/secrets";
import { type ReliabilityItem, outcome } from "./context";

const SEALS = Number(process.env.RELIABILITY_SEALS ?? 1_000_000);
const SCOPE = { organizationId: "org_reliability", provider: "twilio" };

async function opens(ring: Keyring, scope: typeof SCOPE, stored: string) {
  try {
    await openSecret(ring, scope, stored);
    return true;
  } catch {
    return false;
  }
}

export const sealing: ReliabilityItem = {
  number: "13",
  name: "aes_gcm_sealing",
  server: false,
  async run() {
    const ring = (await keyringOf({ ENCRYPTION_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"), ENCRYPTION_KEY_ID: "k1" }))!;
    const ivs = new Set<string>();
    let repeats = 0;
    let stored = "";
    // In batches: Web Crypto runs on Node's thread pool, so concurrent seals use both cores.
    const BATCH = 512;
    for (let done = 0; done < SEALS; done += BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(BATCH, SEALS - done) }, () => sealSecret(ring, SCOPE, "AC0123456789abcdef:secret-token")));
      for (const sealed of batch) {
        const iv = sealed.split(".")[2]!;
        if (ivs.has(iv)) repeats++;
        ivs.add(iv);
      }
      stored = batch.at(-1)!;
    }
    const failures: string[] = [];
    if (repeats) failures.push(`${repeats} IVs repeated`);
    if ((await openSecret(ring, SCOPE, stored)).plaintext !== "AC0123456789abcdef:secret-token") failures.push("a sealed value did not open");

    // Every byte of the IV and of the ciphertext+tag, altered in turn.
    const [version, keyId, iv, body] = stored.split(".") as [string, string, string, string];
    let alteredOpened = 0;
    let altered = 0;
    for (const [part, rebuild] of [
      [iv, (bytes: string) => [version, keyId, bytes, body].join(".")],
      [body, (bytes: string) => [version, keyId, iv, bytes].join(".")],
    ] as const) {
      const raw = Buffer.from(part, "base64");
      for (let index = 0; index < raw.length; index++) {
        const copy = Buffer.from(raw);
        copy[index]! ^= 0x01;
        altered++;
        if (await opens(ring, SCOPE, rebuild(copy.toString("base64")))) alteredOpened++;
      }
    }
    if (alteredOpened) failures.push(`${alteredOpened} altered values opened`);
    const otherOrganization = await opens(ring, { ...SCOPE, organizationId: "org_other" }, stored);
    const otherProvider = await opens(ring, { ...SCOPE, provider: "openai" }, stored);
    if (otherOrganization) failures.push("opened for another organization");
    if (otherProvider) failures.push("opened for another provider");
    return outcome(
      {
        seals: SEALS,
        iv_repeats: repeats,
        altered_bytes_tried: altered,
        altered_opened: alteredOpened,
        other_org_opened: Number(otherOrganization),
        other_provider_opened: Number(otherProvider),
      },
      failures,
    );
  },
};
