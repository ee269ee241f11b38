import type { Database } from "../../db/client";
import type { TwilioClient } from "../twilio/client";
import { isOptedOut } from "./consent";

export type SmsResult = { sent: true; sid: string } | { sent: false; reason: "opted_out" };

/** Every text the product sends goes through here, so none can reach a number that opted out of the business's texts. */
export interface SmsSender {
  send(input: { organizationId: string; from: string; to: string; body: string }): Promise<SmsResult>;
}

export function smsSender(db: Database, twilio: TwilioClient): SmsSender {
  return {
    async send({ organizationId, from, to, body }) {
      if (await isOptedOut(db, organizationId, to)) return { sent: false, reason: "opted_out" };
      const message = await twilio.sendMessage({ from, to, body });
      return { sent: true, sid: message.sid };
    },
  };
}
