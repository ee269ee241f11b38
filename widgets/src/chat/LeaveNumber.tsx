import { WIDGET_LEAD_COPY as COPY } from "@nikki/core/widget-copy";
import { useEffect, useRef, useState } from "react";
import type { WidgetContext } from "../lib/contract";
import { leaveNumber } from "./conversation";

interface Props {
  context: WidgetContext;
  /** The visitor's last question, kept with the lead so the business knows what it was about. */
  question: string | undefined;
  /** Sent (true) or cancelled. */
  onClose(sent: boolean): void;
  onFailed(toast: readonly [string, string]): void;
}

/** The chat's contact hand-off on a business's site: the visitor's name and number, sent to that business as a lead. */
export function LeaveNumber({ context, question, onClose, onFailed }: Props) {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function send(event: Event) {
    event.preventDefault();
    setPending(true);
    const outcome = await leaveNumber(context, { name, phone, ...(question ? { notes: question } : {}) });
    setPending(false);
    if ("ok" in outcome) return onClose(true);
    if ("fields" in outcome) return setErrors(outcome.fields);
    onFailed(outcome.toast);
  }

  const field = (id: "name" | "phone", label: string, value: string, set: (value: string) => void) => {
    const input = {
      id: `nikki-lead-${id}`,
      class: "field",
      required: true,
      value,
      disabled: pending,
      "aria-invalid": errors[id] ? true : undefined,
      "aria-describedby": errors[id] ? `nikki-lead-${id}-error` : undefined,
      onInput: (event: { currentTarget: HTMLInputElement }) => set(event.currentTarget.value),
    };
    return (
      <p class="lead-field">
        <label for={input.id}>{label}</label>
        {id === "phone" ? (
          // A phone's number keypad (type and inputmode: some keyboards follow only one of them).
          <input type="tel" inputMode="tel" autoComplete="tel" {...input} />
        ) : (
          <input ref={first} type="text" autoComplete="name" {...input} />
        )}
        {errors[id] && (
          <span class="lead-error" id={`nikki-lead-${id}-error`}>
            {errors[id]}
          </span>
        )}
      </p>
    );
  };

  return (
    <form class="lead" onSubmit={send}>
      <p class="hint">{COPY.intro(context.config.organization.name)}</p>
      {field("name", COPY.name, name, setName)}
      {field("phone", COPY.phone, phone, setPhone)}
      <div class="lead-actions">
        <button type="button" class="btn secondary" onClick={() => onClose(false)} disabled={pending}>
          {COPY.cancel}
        </button>
        <button type="submit" class="btn" disabled={pending}>
          {pending ? COPY.sending : COPY.send}
        </button>
      </div>
    </form>
  );
}
