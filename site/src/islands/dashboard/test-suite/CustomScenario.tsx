import {
  CUSTOM_LINES,
  CUSTOM_PHRASE_MAX,
  type CustomScenario as Custom,
  TEST_EXPECTATIONS,
  TEST_EXPECTATION_LABELS,
  TEST_SUITE_MESSAGES,
  type TestExpectation,
  customScenarioSchema,
  parseFields,
} from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";

/** The custom scenario's script: one caller line per row, what must be true after the call, and for "says" the phrase. */
export default function CustomScenario({ custom, onSaved }: { custom: Custom; onSaved(custom: Custom): void }) {
  const [text, setText] = useState(custom.lines.join("\n"));
  const [expect, setExpect] = useState<TestExpectation | "">(custom.expect ?? "");
  const [phrase, setPhrase] = useState(custom.phrase);
  const { pending: saving, errors, submit } = useSubmit<"lines" | "expect" | "phrase">();

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const lines = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed = parseFields(customScenarioSchema, { lines, expect, ...(expect === "says" ? { phrase } : {}) });
    const done = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api["test-suite"].custom.$put, undefined, parsed.ok ? parsed.data : {}),
      failure: { toast: "Your script was not saved" },
      success: { title: "Saved", description: lines.length ? "Your script is ready to run." : "Your script is empty." },
    });
    if (done) onSaved(done.data.custom);
  }

  const disabled = saving;
  return (
    <form className="custom-script" noValidate onSubmit={save}>
      <label htmlFor="custom-lines">What the caller says, one line per turn</label>
      <textarea
        id="custom-lines"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={"Do you have parking?\nMy name is Sam Lee, my number is +1 415 555 0100."}
        aria-describedby={errors.lines ? "custom-lines-hint custom-lines-error" : "custom-lines-hint"}
        aria-invalid={errors.lines ? true : undefined}
        disabled={disabled}
      />
      <p className="field-hint" id="custom-lines-hint">
        Up to {CUSTOM_LINES.max} lines of up to {CUSTOM_LINES.maxLength} characters.
      </p>
      {errors.lines && (
        <p className="field-error" id="custom-lines-error">
          {errors.lines}
        </p>
      )}
      <label htmlFor="custom-expect">What must be true after the call</label>
      <select
        id="custom-expect"
        value={expect}
        onChange={(event) => setExpect(event.target.value as TestExpectation)}
        aria-describedby={errors.expect ? "custom-expect-error" : undefined}
        aria-invalid={errors.expect ? true : undefined}
        disabled={disabled}
      >
        {expect === "" && <option value="">Choose…</option>}
        {TEST_EXPECTATIONS.map((value) => (
          <option key={value} value={value}>
            {TEST_EXPECTATION_LABELS[value]}
          </option>
        ))}
      </select>
      {errors.expect && (
        <p className="field-error" id="custom-expect-error">
          {errors.expect}
        </p>
      )}
      {expect === "says" && (
        <>
          <label htmlFor="custom-phrase">What the agent must say (a phrase or a number from your knowledge base)</label>
          <input
            id="custom-phrase"
            value={phrase}
            maxLength={CUSTOM_PHRASE_MAX}
            onChange={(event) => setPhrase(event.target.value)}
            placeholder="$149"
            aria-describedby={errors.phrase ? "custom-phrase-error" : undefined}
            aria-invalid={errors.phrase ? true : undefined}
            disabled={disabled}
          />
          {errors.phrase && (
            <p className="field-error" id="custom-phrase-error">
              {errors.phrase}
            </p>
          )}
        </>
      )}
      <button type="submit" className="btn btn-secondary btn-sm" disabled={saving}>
        {saving ? "Saving..." : "Save script"}
      </button>
      {!custom.expect && custom.lines.length > 0 && <p className="field-hint">{TEST_SUITE_MESSAGES.noExpectation}</p>}
    </form>
  );
}
