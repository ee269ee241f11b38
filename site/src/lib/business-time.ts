import { businessDate, businessDateTime } from "@nikki/core";
import { useMe } from "./me";

/**
 * Times as the dashboard shows them (DESIGN.md, Times): in the business's time zone, labelled with it. Empty until
 * the zone is known (the signed-in user is read once per page, usually before any list).
 */
export function useBusinessTime() {
  const zone = useMe()?.organization?.time_zone;
  return {
    zone,
    dateTime: (at: string) => (zone ? businessDateTime(at, zone) : ""),
    date: (at: string) => (zone ? businessDate(at, zone) : ""),
  };
}
