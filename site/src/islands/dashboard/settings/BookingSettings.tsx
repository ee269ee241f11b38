import { SETTINGS_MESSAGES, SETTINGS_RANGES, isLocalDate } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { useAction } from "../../../lib/use-action";
import ConfirmDialog from "../ConfirmDialog";
import CopyField from "../CopyField";
import { type NumberSpec, NumberRow, Section } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

/** "Thursday, December 24, 2026" for a closed date (a calendar date: no time zone moves it). */
const dateLabel = (date: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

/** The closed dates of the draft: a date input with Add, and each date with Remove; kept in order, without repeats. */
function ClosedDates({ dates, onDates, error, disabled }: { dates: string[]; onDates(dates: string[]): void; error?: string; disabled: boolean }) {
  const [date, setDate] = useState("");
  const [problem, setProblem] = useState<string>();
  function add() {
    if (!isLocalDate(date)) return setProblem("Choose a date to add.");
    if (dates.length >= SETTINGS_RANGES.closedDates && !dates.includes(date)) return setProblem(SETTINGS_MESSAGES.closedDates);
    setProblem(undefined);
    onDates([...new Set([...dates, date])].sort());
    setDate("");
  }
  const shown = problem ?? error;
  return (
    <fieldset className="plain-fieldset">
      <legend className="step-legend">Closed dates</legend>
      <p className="muted">Holidays and days off: nothing is offered or booked on them, whatever the opening hours say.</p>
      {dates.length === 0 ? (
        <p className="muted">No closed dates.</p>
      ) : (
        <ul className="origin-list" aria-label="Closed dates">
          {dates.map((closed) => (
            <li key={closed}>
              <span>
                <time dateTime={closed}>{dateLabel(closed)}</time> <code className="muted">{closed}</code>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove ${closed}`}
                onClick={() => onDates(dates.filter((item) => item !== closed))}
                disabled={disabled}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="origin-add">
        <div className="field">
          <label htmlFor="closed-date">Add a closed date</label>
          <input
            id="closed-date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the date rather than saving the section with it left out.
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? "closed-date-error" : undefined}
            disabled={disabled}
          />
          {shown && (
            <p className="field-error" id="closed-date-error">
              {shown}
            </p>
          )}
        </div>
        <button type="button" className="btn btn-secondary" onClick={add} disabled={disabled}>
          Add date
        </button>
      </div>
    </fieldset>
  );
}

const BOOKING_NUMBERS = [
  { key: "booking_min_notice_minutes", id: "booking-notice", label: "Minimum notice", range: SETTINGS_RANGES.bookingMinNoticeMinutes, unit: "minutes" },
  { key: "booking_horizon_days", id: "booking-horizon", label: "Book up to", range: SETTINGS_RANGES.bookingHorizonDays, unit: "days ahead" },
  {
    key: "booking_slot_step_minutes",
    id: "booking-step",
    label: "Start times every",
    range: SETTINGS_RANGES.bookingSlotStepMinutes,
    unit: "minutes, in steps of 5",
  },
] as const satisfies readonly NumberSpec<string>[];

/** Booking (issue 35 §1): how much notice callers must give, how far ahead they may book, the grid of start times, closed dates. */
export function BookingSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, [
    "booking_min_notice_minutes",
    "booking_horizon_days",
    "booking_slot_step_minutes",
    "closed_dates",
  ] as const);
  return (
    <Section
      id="booking"
      title="Booking"
      lead="Which times your agents offer callers, within each agent's opening hours. Services and their lengths are set in the agent wizard."
      onSave={() => void save()}
      pending={pending}
    >
      <>
        <NumberRow specs={BOOKING_NUMBERS} values={draft} onValue={set} errors={errors} disabled={pending} />
        <ClosedDates dates={draft.closed_dates} onDates={(dates) => set("closed_dates", dates)} error={errors.closed_dates} disabled={pending} />
      </>
    </Section>
  );
}

/** The private calendar feed (issue 35 §7): its address to subscribe to, and Rotate, which ends the old one. */
export function CalendarFeedSettings({ loaded }: { loaded: LoadedSettings }) {
  const [url, setUrl] = useState(loaded.settings.calendar_feed_url);
  const [rotating, setRotating] = useState(false);
  const action = useAction();

  async function rotate() {
    const done = await action.run({
      request: () => call(api.org["calendar-feed"].rotate.$post, undefined, {}),
      failure: "Failed to rotate the calendar link.",
      success: { title: "Calendar Link Rotated", description: "Subscribe again with the new link: the old one no longer works." },
    });
    setRotating(false);
    if (done) setUrl(done.data.calendar_feed_url);
  }

  return (
    <section className="card panel" aria-labelledby="calendar-feed-title" id="calendar-feed">
      <div className="panel-head">
        <div>
          <h2 id="calendar-feed-title">Calendar feed</h2>
          <p>Your appointments in any calendar app. Subscribe from Google Calendar, Apple Calendar or Outlook with this private link.</p>
        </div>
      </div>
      <div className="form">
        {url ? (
          <CopyField value={url} label="Private calendar feed link" />
        ) : (
          <p className="muted">This server does not know its own address (PUBLIC_BASE_URL), so it cannot give the link.</p>
        )}
        <p className="field-hint">
          Anyone with the link sees your appointments with the callers' names and phone numbers: share it only with your team, and rotate it if it leaks.
        </p>
        <button type="button" className="btn btn-secondary btn-sm rotate-key" onClick={() => setRotating(true)} disabled={action.busy()}>
          Rotate link
        </button>
      </div>
      <ConfirmDialog
        open={rotating}
        title="Rotate the calendar link?"
        message="The current link stops working at once: every calendar subscribed to it stops updating until you subscribe again with the new one."
        confirmLabel="Rotate"
        pending={action.busy()}
        onConfirm={() => void rotate()}
        onCancel={() => setRotating(false)}
      />
    </section>
  );
}
