import { CALENDAR_COPY_MESSAGES, type CalendarCopiesResource } from "@nikki/core";

/**
 * A connected calendar's copies on its card: when the last was made there, and how many wait, as a problem once a try
 * there failed (until then they are the bookings made before it was connected, being copied).
 */
export default function CalendarCopies({ copies, dateTime }: { copies: CalendarCopiesResource; dateTime: (at: string) => string }) {
  return (
    <>
      <p className="integration-copies">
        {copies.last_copied_at ? CALENDAR_COPY_MESSAGES.lastCopied(dateTime(copies.last_copied_at)) : CALENDAR_COPY_MESSAGES.noneYet}
      </p>
      {copies.pending > 0 &&
        (copies.failing > 0 ? (
          <p className="field-error">{CALENDAR_COPY_MESSAGES.pending(copies.pending)}</p>
        ) : (
          <p className="integration-copies">{CALENDAR_COPY_MESSAGES.copying(copies.pending)}</p>
        ))}
    </>
  );
}
