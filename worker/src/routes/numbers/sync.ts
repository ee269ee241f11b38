import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { phoneNumbers } from "../../db/schema";
import type { Logger } from "../../logger";
import type { Providers } from "../../services";
import type { TwilioClient } from "../../services/twilio/client";
import { webhooksOf } from "./resource";

export interface SyncResult {
  updated: number;
  added: number;
  removed: number;
  elsewhere: number;
}

/**
 * Refreshes the organization's numbers from the Twilio account in use: friendly names, whether the webhooks point
 * here (set where they are empty or already here), and numbers released from the account. Numbers on the account
 * that the organization does not hold are adopted only from its own account: on the platform's, they belong to
 * other businesses.
 */
export async function syncNumbers(
  db: Database,
  providers: Providers & { twilio: TwilioClient },
  organizationId: string,
  origin: string,
  log: Logger,
): Promise<SyncResult> {
  const ours = webhooksOf(origin);
  const remote = await providers.twilio.listNumbers();
  // Only the numbers on the account being synced: those on the platform's stay when the business adds its own.
  const accountSid = providers.source === "organization" ? providers.twilio.accountSid : null;
  const held = (await db.select().from(phoneNumbers).where(eq(phoneNumbers.organizationId, organizationId))).filter(
    (row) => row.twilioAccountSid === accountSid,
  );
  const result: SyncResult = { updated: 0, added: 0, removed: 0, elsewhere: 0 };

  for (const row of held) {
    if (!remote.some((number) => number.phoneNumber === row.twilioNumber)) {
      await db.delete(phoneNumbers).where(eq(phoneNumbers.id, row.id));
      result.removed++;
    }
  }
  for (const number of remote) {
    let row = held.find((held) => held.twilioNumber === number.phoneNumber);
    if (!row && providers.source === "organization") {
      const [other] = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.twilioNumber, number.phoneNumber));
      if (other) continue;
      [row] = await db
        .insert(phoneNumbers)
        .values({ organizationId, twilioNumber: number.phoneNumber, twilioSid: number.sid, twilioAccountSid: accountSid, friendlyName: number.friendlyName })
        .returning();
      result.added++;
    }
    if (!row) continue;
    const pointsHere = number.voiceUrl === ours.voiceUrl;
    const unset = !number.voiceUrl;
    if (unset) await providers.twilio.updateNumber(number.sid, { webhooks: ours });
    const webhooks = pointsHere || unset ? "here" : "elsewhere";
    if (webhooks === "elsewhere") result.elsewhere++;
    await db
      .update(phoneNumbers)
      .set({ friendlyName: number.friendlyName, twilioSid: number.sid, webhooks })
      .where(and(eq(phoneNumbers.id, row.id), eq(phoneNumbers.organizationId, organizationId)));
    result.updated++;
  }
  log.info("numbers_synced", { organization_id: organizationId, ...result });
  return result;
}
