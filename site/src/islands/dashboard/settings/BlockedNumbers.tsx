import { BLOCKED_NUMBERS_MAX, REPEAT_CALL_LIMIT, REPEAT_CALL_WINDOW_MINUTES } from "@nikki/core";
import { useState } from "react";
import FormField, { errorId } from "../../FormField";
import { Section } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

/** One number a line; blank lines and spaces around a number are dropped (the server checks each is E.164). */
const numbersIn = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Settings › Calls: blocked numbers (issue 37 §5). A blocked caller hears a short message and is hung up before Nikki
 * answers, with no AI cost; a call's detail adds its number here in one click ("Block this number").
 */
export function BlockedNumbersSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, ["blocked_numbers"] as const);
  const [text, setText] = useState(draft.blocked_numbers.join("\n"));
  const error = errors.blocked_numbers;
  return (
    <Section
      id="blocked-numbers"
      title="Blocked numbers"
      lead="Callers you never want Nikki to answer: they hear a short message and are hung up, and the call is stored as spam without AI cost. Block a caller from a call's detail, or list numbers here."
      onSave={() => void save()}
      pending={pending}
    >
      <FormField id="blocked-numbers-list" label={`Blocked numbers (one a line, with the country code, up to ${BLOCKED_NUMBERS_MAX})`} error={error}>
        <textarea
          id="blocked-numbers-list"
          rows={Math.min(8, Math.max(3, draft.blocked_numbers.length + 1))}
          placeholder="+14155552671"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            set("blocked_numbers", numbersIn(event.target.value));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId("blocked-numbers-list") : "blocked-numbers-hint"}
          disabled={pending}
        />
      </FormField>
      <p className="field-hint" id="blocked-numbers-hint">
        {draft.blocked_numbers.length === 0 ? "No numbers are blocked." : `${draft.blocked_numbers.length} blocked.`} Robocalls that talk over the greeting or
        ring more than {REPEAT_CALL_LIMIT} times in {REPEAT_CALL_WINDOW_MINUTES} minutes are hung up without being listed here.
      </p>
    </Section>
  );
}
