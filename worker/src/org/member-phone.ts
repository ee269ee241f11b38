/**
 * The phone a take-over rings a member on (users.phone, issue 56 §3): typed in the organization's region (core's
 * parsePhone), and only a number calls may go to (DESIGN.md "Where calls may go"). Settings › My phone and a
 * take-over's typed number both pass here.
 */
import { type Region, checkDestination } from "@nikki/core";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { ApiError } from "../http/api-error";
import { regionOf, settingsRowOf } from "./settings";

export interface MemberPhoneRules {
  region: Region;
  /** `number` a checked phone, refused (400 with the message on `field`) when calls may not go there. */
  allowed(phone: string, field: string): string;
}

export async function memberPhoneRules(db: Database, organizationId: string): Promise<MemberPhoneRules> {
  const row = await settingsRowOf(db, organizationId);
  const countries = jsonList(row.allowedCountries);
  return {
    region: regionOf(row),
    allowed(phone, field) {
      const destination = checkDestination(phone, countries);
      if (!destination.ok) throw new ApiError(destination.code, { message: destination.message, fields: { [field]: destination.message } });
      return destination.e164;
    },
  };
}
