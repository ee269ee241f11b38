import { ESCALATION_LIMITS, ESCALATION_MESSAGES, PHONE_EXAMPLES, TRANSFER_LINE_MESSAGES, parsePhone, readEscalation } from "@nikki/core";
import { useId, useState } from "react";
import { useRegion } from "../../../lib/me";
import { type Hours, parsedObject } from "./draft";
import { type JsonProps, RawJson, Toggle, WeekHoursGrid } from "./JsonEditors";

const WEEKDAYS_NINE_TO_FIVE: Hours = Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((day) => [day, [{ open: "09:00", close: "17:00" }]]));

/**
 * Escalation (issue 37): the numbers a caller is transferred to, rung in turn; when transfers are taken (any time, or
 * hours per day in the agent's time zone); the words that make the agent offer one. Written as
 * `{numbers, transfer_hours, keywords}`; an older `{phone}` opens as its one number.
 */
export function EscalationEditor({ id: editorId, value, onValue, error }: JsonProps) {
  const [raw, setRaw] = useState(false);
  const id = useId();
  const parsed = parsedObject(value);
  // Numbers as typed (a half-typed one stays in its box); the rest as the rules read them.
  const typed = Array.isArray(parsed?.numbers) ? (parsed.numbers as unknown[]).map(String) : null;
  const region = useRegion();
  const rules = readEscalation(parsed, region);
  const numbers = typed ?? rules.numbers;
  const keywords = Array.isArray(parsed?.keywords) ? (parsed.keywords as unknown[]).map(String) : rules.keywords;
  const write = (next: { numbers?: string[]; transfer_hours?: Hours | null; keywords?: string[] }) =>
    onValue(JSON.stringify({ numbers, transfer_hours: rules.transfer_hours, keywords, ...next }, null, 2));
  const rows = numbers.length ? numbers : [""];
  // The numbers' own problems (a transfer to the agent's own line among them) show under the numbers.
  const numberError = error === ESCALATION_MESSAGES.numbers || error === TRANSFER_LINE_MESSAGES.ownLine;
  const keywordError = error === ESCALATION_MESSAGES.keywords;
  // Anything else the rules refuse is the transfer hours' ("Friday's transfer hours end before they start").
  const hoursError = error && !numberError && !keywordError ? error : undefined;
  return (
    <fieldset className="plain-fieldset" id={editorId}>
      <legend className="step-legend">Escalation</legend>
      {raw || !parsed ? (
        <RawJson label="Escalation" value={value} onValue={onValue} error={error} />
      ) : (
        <div className="escalation">
          <p className="field-hint" id={`${id}-how`}>
            When a caller asks for a person, the agent puts them on hold and rings these numbers in turn, 25 seconds each. Whoever answers hears who is calling
            and why, and presses 1 to take the call. If nobody does, the caller comes back to the agent, who offers to take a message or book a callback.
          </p>
          <div className="escalation-numbers">
            {rows.map((number, index) => (
              <div className="escalation-number" key={index}>
                <label htmlFor={`${id}-number-${index}`}>Transfer number {index + 1}</label>
                <input
                  id={`${id}-number-${index}`}
                  type="tel"
                  inputMode="tel"
                  placeholder={PHONE_EXAMPLES[region]}
                  value={number}
                  onChange={(event) => write({ numbers: rows.map((row, i) => (i === index ? event.target.value.trim() : row)) })}
                  aria-invalid={numberError && !parsePhone(number, region).ok ? true : undefined}
                  aria-describedby={numberError ? `${id}-numbers-error` : `${id}-how`}
                />
                {rows.length > 1 && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Remove transfer number ${index + 1}`}
                    onClick={() => write({ numbers: rows.filter((_, i) => i !== index) })}
                  >
                    Remove
                  </button>
                )}
              </div>
            ))}
            {rows.length < ESCALATION_LIMITS.numbers && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => write({ numbers: [...rows, ""] })} disabled={!rows.at(-1)}>
                Add a number
              </button>
            )}
            {numberError && (
              <p className="field-error" id={`${id}-numbers-error`}>
                {error}
              </p>
            )}
          </div>
          <fieldset className="plain-fieldset">
            <legend>When transfers are taken</legend>
            <label className="consent">
              <input type="radio" name={`${id}-when`} checked={rules.transfer_hours === null} onChange={() => write({ transfer_hours: null })} />
              <span>Any time</span>
            </label>
            <label className="consent">
              <input
                type="radio"
                name={`${id}-when`}
                checked={rules.transfer_hours !== null}
                onChange={() => write({ transfer_hours: WEEKDAYS_NINE_TO_FIVE })}
              />
              <span>Only during these hours (the agent's time zone); outside them the caller is offered a message</span>
            </label>
            {rules.transfer_hours && (
              <WeekHoursGrid hours={rules.transfer_hours as Hours} onHours={(hours) => write({ transfer_hours: hours })} what="transfers" error={hoursError} />
            )}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-keywords`}>Words that make the agent offer a transfer</label>
            <input
              id={`${id}-keywords`}
              type="text"
              placeholder="emergency, manager, complaint"
              defaultValue={keywords.join(", ")}
              onBlur={(event) =>
                write({
                  keywords: event.target.value
                    .split(",")
                    .map((word) => word.trim())
                    .filter(Boolean),
                })
              }
              aria-invalid={keywordError ? true : undefined}
              aria-describedby={keywordError ? `${id}-keywords-error` : `${id}-keywords-hint`}
            />
            <p className="field-hint" id={`${id}-keywords-hint`}>
              Separate them with commas. Callers can always ask for a person.
            </p>
            {keywordError && (
              <p className="field-error" id={`${id}-keywords-error`}>
                {error}
              </p>
            )}
          </div>
        </div>
      )}
      <Toggle raw={raw || !parsed} onRaw={setRaw} label="escalation rules" />
    </fieldset>
  );
}
