import { AGENT_LANGUAGES, agentLanguageName, defaultSecondaryGreeting } from "@nikki/core";
import FormField, { TextField } from "../../FormField";
import type { AgentDraft } from "./draft";

interface Props {
  draft: AgentDraft;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
  onChange(key: "secondary_language" | "secondary_greeting", value: string): void;
}

/**
 * The agent's second language (issue 37 §4): another agent language the call opens in too, with the short line in
 * both languages said after the greeting (the business's words, or the pair's default shown as the placeholder).
 */
export default function SecondLanguageFields({ draft, errors, disabled, onChange }: Props) {
  const secondary = draft.secondary_language !== draft.language ? draft.secondary_language : "";
  const fallback = defaultSecondaryGreeting(draft.language, secondary);
  return (
    <>
      <FormField id="agent-secondary_language" label="Second language" error={errors.secondary_language}>
        <select id="agent-secondary_language" value={secondary} onChange={(event) => onChange("secondary_language", event.target.value)} disabled={disabled}>
          <option value="">None</option>
          {AGENT_LANGUAGES.filter((language) => language !== draft.language).map((language) => (
            <option key={language} value={language}>
              {agentLanguageName(language)}
            </option>
          ))}
        </select>
      </FormField>
      {fallback && (
        <TextField
          id="agent-secondary_greeting"
          label="Line in both languages"
          value={draft.secondary_greeting}
          onValue={(value) => onChange("secondary_greeting", value)}
          placeholder={fallback}
          hint={`Said after the greeting, so callers know they may speak either language. Leave it empty for “${fallback}”`}
          error={errors.secondary_greeting}
          disabled={disabled}
          maxLength={200}
        />
      )}
    </>
  );
}
