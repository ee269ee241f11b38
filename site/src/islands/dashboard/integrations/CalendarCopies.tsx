import { CALENDAR_COPY_MESSAGES, type CalendarCopiesResource } from "@nikki/core";

/** A connected calendar's copies on its card: when the last was made there, and how many wait because it could not be reached. */
export default function CalendarCopies({ copies, dateTime }: { copies: CalendarCopiesResource; dateTime: (at: string) => string }) {
  return (
    <>
      <p className="integration-copies">
        {copies.last_copied_at ? CALENDAR_COPY_MESSAGES.lastCopied(dateTime(copies.last_copied_at)) : CALENDAR_COPY_MESSAGES.noneYet}
      </p>
      {copies.pending > 0 && <p className="field-error">{CALENDAR_COPY_MESSAGES.pending(copies.pending)}</p>}
    </>
  );
}
