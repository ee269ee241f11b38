import { useBusinessTime } from "../../lib/business-time";

/** A moment in the business's time zone, labelled ("Nov 24, 2026, 9:05 AM EST"), or its day alone. */
export default function Time({ at, day = false }: { at: string; day?: boolean }) {
  const time = useBusinessTime();
  return <time dateTime={at}>{day ? time.date(at) : time.dateTime(at)}</time>;
}
