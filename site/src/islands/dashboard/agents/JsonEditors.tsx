import { SETTING_AS_DATA_COPY, WEEKDAY_NAMES, WEEK_FROM_MONDAY } from "@nikki/core";
import { useId, useState } from "react";
import { type Hours, parsedObject } from "./draft";

/** Details a business most often sends on, offered in turn by "Add a field" (each to a CRM field of the same name). */
const SUGGESTED_DETAILS = ["company", "address", "service", "appointment_time", "urgency"];

export interface JsonProps {
  /** The editor's id: the wizard focuses the field with a problem inside it. */
  id?: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
}

/** A JSON field's raw text: what the friendly editor writes, editable directly; a parse error shows as you type. */
export function RawJson({ label, value, onValue, error }: JsonProps) {
  const id = useId();
  const problem = error ?? (parsedObject(value) ? undefined : "This is not a JSON object yet.");
  return (
    <div className="field">
      <label htmlFor={id}>{label} (JSON)</label>
      <textarea
        id={id}
        className="json-input"
        rows={6}
        spellCheck={false}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

export function Toggle({ raw, onRaw, label }: { raw: boolean; onRaw: (raw: boolean) => void; label: string }) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" aria-pressed={raw} onClick={() => onRaw(!raw)}>
      {raw ? SETTING_AS_DATA_COPY.hide(label) : SETTING_AS_DATA_COPY.show(label)}
    </button>
  );
}

/**
 * A week of hours, one span a day: each day on or off, with its opening and closing time (opening and transfer hours).
 * The day an error names ("Friday closes before it opens") has its times marked wrong.
 */
export function WeekHoursGrid({ hours, onHours, what, error }: { hours: Hours; onHours: (hours: Hours) => void; what?: string; error?: string }) {
  const errorId = useId();
  const set = (day: string, spans: { open: string; close: string }[]) => onHours({ ...hours, [day]: spans });
  return (
    <div className="hours-grid">
      {WEEK_FROM_MONDAY.map((day) => {
        const span = hours[day]?.[0];
        const wrong = error?.startsWith(WEEKDAY_NAMES[day]) ? { "aria-invalid": true, "aria-describedby": errorId } : {};
        return (
          <div className="hours-row" key={day}>
            <label className="consent">
              <input type="checkbox" checked={Boolean(span)} onChange={(event) => set(day, event.target.checked ? [{ open: "09:00", close: "17:00" }] : [])} />
              <span>{WEEKDAY_NAMES[day]}</span>
            </label>
            {span ? (
              <span className="hours-times">
                <input
                  type="time"
                  aria-label={what ? `${WEEKDAY_NAMES[day]} ${what} from` : `${WEEKDAY_NAMES[day]} opens`}
                  value={span.open}
                  onChange={(event) => set(day, [{ ...span, open: event.target.value }])}
                  {...wrong}
                />
                <span aria-hidden="true">to</span>
                <input
                  type="time"
                  aria-label={what ? `${WEEKDAY_NAMES[day]} ${what} until` : `${WEEKDAY_NAMES[day]} closes`}
                  value={span.close}
                  onChange={(event) => set(day, [{ ...span, close: event.target.value }])}
                  {...wrong}
                />
              </span>
            ) : (
              <span className="muted">Closed</span>
            )}
          </div>
        );
      })}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The weekly hours grid: each day open or closed, with its opening and closing time. */
export function HoursEditor({ id, value, onValue, error }: JsonProps) {
  const [raw, setRaw] = useState(false);
  const hours = parsedObject(value) as Hours | null;
  return (
    <fieldset className="plain-fieldset" id={id}>
      <legend className="step-legend">Opening hours</legend>
      {raw || !hours ? (
        <RawJson label="Opening hours" value={value} onValue={onValue} error={error} />
      ) : (
        <WeekHoursGrid hours={hours} onHours={(next) => onValue(JSON.stringify(next, null, 2))} error={error} />
      )}
      <Toggle raw={raw || !hours} onRaw={setRaw} label="hours" />
    </fieldset>
  );
}

/** CRM mapping: which detail from the call goes to which CRM field, one row each. */
export function CrmMappingEditor({ id, value, onValue, error }: JsonProps) {
  const [raw, setRaw] = useState(false);
  const mapping = parsedObject(value);
  const rows = Object.entries(mapping ?? {});
  const write = (next: [string, unknown][]) => onValue(JSON.stringify(Object.fromEntries(next), null, 2));
  return (
    <fieldset className="plain-fieldset" id={id}>
      <legend className="step-legend">Call details → CRM fields</legend>
      {raw || !mapping ? (
        <RawJson label="CRM mapping" value={value} onValue={onValue} error={error} />
      ) : (
        <div className="mapping-rows">
          {rows.length === 0 && <p className="muted">No extra fields: the name, phone, e-mail, intent and notes go to the CRM as they are.</p>}
          {rows.map(([detail, field], index) => (
            <div className="mapping-row" key={index}>
              <input
                aria-label={`Call detail ${index + 1}`}
                placeholder="company"
                value={detail}
                onChange={(event) => write(rows.map((row, i) => (i === index ? [event.target.value, row[1]] : row)))}
              />
              <span aria-hidden="true">→</span>
              <input
                aria-label={`CRM field ${index + 1}`}
                placeholder="company_name"
                value={String(field ?? "")}
                onChange={(event) => write(rows.map((row, i) => (i === index ? [row[0], event.target.value] : row)))}
              />
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Remove mapping ${index + 1}`}
                onClick={() => write(rows.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => {
              const detail = SUGGESTED_DETAILS.find((key) => !(key in (mapping ?? {}))) ?? `detail_${rows.length + 1}`;
              write([...rows, [detail, detail]]);
            }}
          >
            Add a field
          </button>
          {error && <p className="field-error">{error}</p>}
        </div>
      )}
      <Toggle raw={raw || !mapping} onRaw={setRaw} label="CRM mapping" />
    </fieldset>
  );
}
