/**
 * A business's time zone as it is chosen (sign-up, a new business, an agent): an IANA name Intl knows, such as
 * America/Chicago, kept in Intl's own spelling; the zones to choose from; and the one the browser is in, proposed first.
 */
import * as z from "zod/mini";
import { isTimeZone } from "./zoned-time";

export const TIME_ZONE_MESSAGE = "Choose a time zone such as America/Chicago.";
/** Under the field where a new business chooses its zone (sign-up, a business created after Google sign-in). */
export const TIME_ZONE_HINT = "Your opening hours and bookings use it. We proposed your browser's: change it if your business is elsewhere.";

/** Area/Location (Etc/GMT+5 and America/Argentina/Buenos_Aires too), or UTC: no offsets, no abbreviations such as EST. */
const IANA_NAME = /^(?:utc|[a-z]+(?:\/[a-z0-9_+-]+){1,2})$/i;

/** Whether `value` is an IANA time zone Intl knows. */
export function isIanaTimeZone(value: string): boolean {
  return value.length <= 64 && IANA_NAME.test(value) && isTimeZone(value);
}

/**
 * Zones ICU (and so Intl, in browsers and workerd) still names by an outdated IANA name, with the current one: a
 * business in Kyiv chooses Europe/Kyiv, never Europe/Kiev. The old names are still accepted as input.
 */
const CURRENT_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** A zone by its current IANA name (Asia/Calcutta → Asia/Kolkata); any other zone as it is. */
export const currentTimeZoneName = (zone: string): string => CURRENT_NAMES[zone] ?? zone;

/** The zone as Intl spells it (america/chicago → America/Chicago), by its current IANA name (asia/calcutta → Asia/Kolkata). */
export function canonicalTimeZone(value: string): string {
  return currentTimeZoneName(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone);
}

/** A time zone field: checked, then kept in Intl's spelling. */
export const timeZoneField = (message: string = TIME_ZONE_MESSAGE) =>
  z.string(message).check(
    z.trim(),
    z.refine(isIanaTimeZone, message),
    z.overwrite((value) => (isIanaTimeZone(value) ? canonicalTimeZone(value) : value)),
  );

/** The zone this browser (or runtime) is in, when it is one a business may choose; else undefined. */
export function localTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? currentTimeZoneName(zone) : undefined;
}

/**
 * The zones to choose from by their current names, sorted, with `current` among them (an engine's list may lack UTC;
 * a zone stored by its old name is offered by its current one).
 */
export function timeZoneChoices(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", ...(current ? [current] : [])].map(currentTimeZoneName))].sort((a, b) => a.localeCompare(b));
}
