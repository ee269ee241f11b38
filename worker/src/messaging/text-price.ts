/**
 * What one SMS segment to a country costs, from Twilio's Pricing API (Messaging Countries) of the account that sends
 * it, kept a day in `text_prices` so a text costs no extra request. When Twilio cannot say, the last price known is
 * used, else a price above any country's list price: the spend cap errs on the side of stopping early.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { textPrices } from "../db/schema";
import type { Logger } from "../logger";
import type { TwilioClient } from "../services/twilio/client";

const KEPT_MS = 24 * 60 * 60 * 1000;
/** After Twilio could not say, it is asked again this much later (meanwhile its texts cost what is charged now). */
const RETRY_MS = 60 * 60 * 1000;
/** Twilio's dearest SMS destinations list about $0.25 a segment; this is charged when no price can be read. */
export const UNKNOWN_SEGMENT_MICRO_USD = 300_000;

/** The price of one segment to `country` from `twilio`'s account, in micro-dollars. */
export async function segmentPrice(db: Database, twilio: TwilioClient, country: string, log: Logger, now = new Date()): Promise<number> {
  const key = and(eq(textPrices.accountSid, twilio.accountSid), eq(textPrices.isoCountry, country));
  const [kept] = await db.select().from(textPrices).where(key);
  if (kept && now.getTime() - kept.fetchedAt.getTime() < KEPT_MS) return kept.microUsd;
  const keep = async (microUsd: number, fetchedAt: Date) => {
    await db
      .insert(textPrices)
      .values({ accountSid: twilio.accountSid, isoCountry: country, microUsd, fetchedAt })
      .onConflictDoUpdate({ target: [textPrices.accountSid, textPrices.isoCountry], set: { microUsd, fetchedAt } });
    return microUsd;
  };
  try {
    const price = await twilio.messagePrice(country);
    // The spend cap is in dollars: a price in another currency is not one it can count.
    if (price && price.currency === "USD") return await keep(Math.ceil(price.amount * 1_000_000), now);
    log.warn("text_price_unlisted", { country, currency: price?.currency ?? null });
  } catch (error) {
    log.warn("text_price_failed", { country, error: error instanceof Error ? error.message : String(error) });
  }
  return keep(kept?.microUsd ?? UNKNOWN_SEGMENT_MICRO_USD, new Date(now.getTime() - KEPT_MS + RETRY_MS));
}
