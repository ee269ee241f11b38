import { BLOCKED_NUMBERS_MAX, PHONE_EXAMPLES, REPEAT_CALL_LIMIT, REPEAT_CALL_WINDOW_MINUTES, abroadExample, phoneFormatHint, plural } from "@nikki/core";
import { useState } from "react";
import FormField, { errorId } from "../../FormField";
import { Section } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

const countOf = (numbers: readonly string[]) =>
  numbers.length === 0 ? "No numbers are blocked." : `${plural(numbers.length, "number is", "numbers are")} blocked.`;

/**
 * Settings › Calls: blocked numbers (issue 37 §5). A blocked caller hears a short message and is hung up before Nikki
 * answers, with no AI cost; a call's detail adds its number here in one click ("Block this number"). Every line of the
 * box is sent as it stands, so the server's refusal names the line as the box numbers it; after a save the box shows
 * what was kept (as stored, each once), and the count is always of the saved list (issue 54 §10).
 */
export function BlockedNumbersSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, ["blocked_numbers"] as const);
  const [text, setText] = useState(draft.blocked_numbers.join("\n"));
  const [saved, setSaved] = useState(loaded.settings.blocked_numbers);
  const error = errors.blocked_numbers;
  const lines = text.split("\n");
  const region = loaded.settings.default_region;

  async function saveList() {
    const kept = await save();
    if (!kept) return;
    setSaved(kept.blocked_numbers);
    setText(kept.blocked_numbers.join("\n"));
  }

  return (
    <Section
      id="blocked-numbers"
      title="Blocked numbers"
      lead="Callers you never want your agents to answer: they hear a short message and are hung up, and the call is stored as spam without AI cost. Block a caller from a call's detail, or list numbers here."
      onSave={() => void saveList()}
      pending={pending}
    >
      <FormField id="blocked-numbers-list" label={`Blocked numbers (one a line, up to ${BLOCKED_NUMBERS_MAX})`} error={error}>
        <textarea
          id="blocked-numbers-list"
          rows={Math.min(8, Math.max(3, lines.length + 1))}
          placeholder={`${PHONE_EXAMPLES[region]}\n${abroadExample(region)}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            set("blocked_numbers", event.target.value.split("\n"));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId("blocked-numbers-list") : "blocked-numbers-hint"}
          disabled={pending}
        />
      </FormField>
      <p className="field-hint" id="blocked-numbers-hint">
        {countOf(saved)} {phoneFormatHint(region)} Robocalls that talk over the greeting or ring more than {REPEAT_CALL_LIMIT} times in{" "}
        {REPEAT_CALL_WINDOW_MINUTES} minutes are hung up without being listed here.
      </p>
    </Section>
  );
}
