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

/** The zone as Intl spells it (america/chicago → America/Chicago). */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
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
  return zone && isIanaTimeZone(zone) ? zone : undefined;
}

/** The zones to choose from, sorted, with `current` among them (an engine's list may lack UTC or a stored alias). */
export function timeZoneChoices(current?: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([...known, "UTC", ...(current ? [current] : [])])].sort((a, b) => a.localeCompare(b));
}
