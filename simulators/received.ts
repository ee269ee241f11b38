/**
 * What a calendar simulator was asked to change, in order (test control `GET /__received`): each copy made or removed,
 * with the Nikki appointment it belongs to, so a test can assert that every calendar got every booking, move and
 * cancellation. Reads (busy times, lists) are not changes and are not kept.
 */
export interface ReceivedChange {
  action: "created" | "removed";
  /** Google's event id, Cal.com's booking uid. */
  id: string;
  /** The appointment the copy is of (Google: the event's private extended property; Cal.com: the booking's metadata). */
  appointment_id: string | null;
  /** The copy's start (ISO). */
  start: string;
  at: string;
}

export function receivedLog() {
  const changes: ReceivedChange[] = [];
  return {
    record(change: Omit<ReceivedChange, "at">) {
      changes.push({ ...change, at: new Date().toISOString() });
    },
    list: (): readonly ReceivedChange[] => changes,
  };
}
