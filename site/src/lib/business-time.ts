import { businessDate, businessDateTime, zoneName } from "@nikki/core";
import { useMe } from "./me";

/**
 * Times as the dashboard shows them in `zone` (DESIGN.md, Times), labelled with it; empty while the zone is unknown.
 * `zoneName` is the zone as the e-mails and texts name it ("Mountain Time").
 */
export function timesIn(zone: string | undefined) {
  return {
    zone,
    zoneName: zone ? zoneName(zone) : "",
    dateTime: (at: string) => (zone ? businessDateTime(at, zone) : ""),
    date: (at: string) => (zone ? businessDate(at, zone) : ""),
  };
}

/**
 * The dashboard's times, in the business's time zone. Empty until the zone is known (the signed-in user is read
 * once per page, usually before any list).
 */
export function useBusinessTime() {
  return timesIn(useMe()?.organization?.time_zone);
}
