/**
 * A Stripe webhook's event, once its `Stripe-Signature` holds: `t=<unix>,v1=<hex>` (several v1 while a secret rolls),
 * HMAC-SHA256 of `<t>.<payload>` keyed with the endpoint's secret, compared in constant time, refused when older than
 * the tolerance; as the SDK's `constructEventAsync` checks it (worker/test/node/stripe-oracle.test.ts holds them together).
 */
import { constantTimeEqual } from "@nikki/core/twilio-signature";
import type Stripe from "stripe";

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The event in `payload`; throws, with Stripe's own wording, when the signature does not hold or is too old. */
export async function verifiedStripeEvent(payload: string, header: string, secret: string, toleranceSeconds: number): Promise<Stripe.Event> {
  if (!header) throw new Error("No stripe-signature header value was provided.");
  let timestamp = -1;
  const signatures: string[] = [];
  for (const [name, value = ""] of header.split(",").map((item) => item.split("="))) {
    if (name === "t") timestamp = Number.parseInt(value, 10);
    if (name === "v1") signatures.push(value);
  }
  if (timestamp === -1) throw new Error("Unable to extract timestamp and signatures from header");
  if (signatures.length === 0) throw new Error("No signatures found with expected scheme");
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((signature) => constantTimeEqual(signature, expected)))
    throw new Error("No signatures found matching the expected signature for payload.");
  if (toleranceSeconds > 0 && Math.floor(Date.now() / 1000) - timestamp > toleranceSeconds) throw new Error("Timestamp outside the tolerance zone");
  return JSON.parse(payload) as Stripe.Event;
}
