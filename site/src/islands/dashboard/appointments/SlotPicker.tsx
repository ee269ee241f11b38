import { type SlotResource, addDays, timeLabel, zoneName } from "@nikki/core";
import { useEffect } from "react";
import { api, call } from "../../../lib/client";
import { useResource } from "../../../lib/use-resource";
import { errorId } from "../../FormField";
import Loaded from "../../ui/Loaded";
import type { Taken } from "./booking-submit";

interface Props {
  /** The ids the fields take (`${id}-date`, the slots' group). */
  id: string;
  /** "" for the default service. */
  serviceId: string;
  agentId: string;
  zone: string;
  date: string;
  onDate(date: string): void;
  /** The chosen slot's start (ISO with offset), or "". */
  value: string;
  onChange(start: string): void;
  error?: string;
  /** The server's answer to a taken time: its words, and the free times offered instead. */
  taken: Taken | null;
  disabled: boolean;
}

function SlotChoices({
  name,
  slots,
  zone,
  value,
  onChange,
  disabled,
  full,
}: {
  name: string;
  slots: readonly SlotResource[];
  zone: string;
  value: string;
  onChange(start: string): void;
  disabled: boolean;
  full?: boolean;
}) {
  return (
    <div className="slot-grid">
      {slots.map((slot) => (
        <label key={slot.start} className={value === slot.start ? "slot slot-chosen" : "slot"}>
          <input type="radio" name={name} value={slot.start} checked={value === slot.start} onChange={() => onChange(slot.start)} disabled={disabled} />
          <span>{full ? slot.label : timeLabel(new Date(slot.start), zone)}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * A free time of a service, as the server offers it (`GET /api/appointments/availability` for one day in the business's
 * zone); after a 409 the server's alternatives come first.
 */
export default function SlotPicker({ id, serviceId, agentId, zone, date, onDate, value, onChange, error, taken, disabled }: Props) {
  const slots = useResource(
    () =>
      call(api.appointments.availability.$get, {
        query: { ...(serviceId ? { service_id: serviceId } : {}), ...(agentId ? { agent_id: agentId } : {}), from: date, to: addDays(date, 1) },
      }),
    // A time refused as taken: the day's free times are read again, and the refused one is no longer chosen.
    { failure: "Failed to load free times", skip: !date, deps: [serviceId, agentId, date, taken], forgetOnChange: true },
  );
  useEffect(() => {
    if (taken) onChange("");
  }, [taken]);
  return (
    <div className="field">
      <label htmlFor={`${id}-date`}>Day</label>
      <input id={`${id}-date`} type="date" value={date} onChange={(event) => event.target.value && onDate(event.target.value)} disabled={disabled} />
      {taken && (
        <fieldset className="slot-group" aria-describedby={`${id}-taken`}>
          <legend>Other free times</legend>
          <p className="form-alert" role="alert" id={`${id}-taken`}>
            {taken.message}
          </p>
          {taken.alternatives.length > 0 ? (
            <SlotChoices name={`${id}-alternative`} slots={taken.alternatives} zone={zone} value={value} onChange={onChange} disabled={disabled} full />
          ) : (
            <p className="muted">No other free time nearby: choose another day.</p>
          )}
        </fieldset>
      )}
      <fieldset className="slot-group" aria-describedby={error ? errorId(id) : undefined} aria-invalid={error ? true : undefined}>
        <legend>Free times {zone && <span className="muted">({zoneName(zone)})</span>}</legend>
        <Loaded resource={slots} loading="Loading free times…">
          {({ slots: free }) =>
            free.length === 0 ? (
              <p className="muted">No free time that day. Choose another day.</p>
            ) : (
              <SlotChoices name={`${id}-slot`} slots={free} zone={zone} value={value} onChange={onChange} disabled={disabled} />
            )
          }
        </Loaded>
      </fieldset>
      {error && (
        <p className="field-error" id={errorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}
