import {
  CUSTOM_LINES,
  type CustomScenario as Custom,
  TEST_EXPECTATIONS,
  TEST_SUITE_MESSAGES,
  type TestExpectation,
  customScenarioSchema,
  parseFields,
} from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";

const EXPECT_LABEL: Record<TestExpectation, string> = {
  lead: "Capture a lead (name and phone)",
  appointment: "Book an appointment",
  info: "Answer a question",
};

/** The custom scenario's script: one caller line per row, and what the call should achieve. */
export default function CustomScenario({ custom, canEdit, onSaved }: { custom: Custom; canEdit: boolean; onSaved(custom: Custom): void }) {
  const [text, setText] = useState(custom.lines.join("\n"));
  const [expect, setExpect] = useState<TestExpectation>(custom.expect);
  const { pending: saving, errors, setErrors, submit } = useSubmit<"lines" | "expect">();
  const error = errors.lines ?? errors.expect;

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const lines = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed = parseFields(customScenarioSchema, { lines, expect });
    const done = await submit({
      invalid: parsed.ok ? {} : { lines: TEST_SUITE_MESSAGES.lines },
      request: () => call(api["test-suite"].custom.$put, undefined, parsed.ok ? parsed.data : {}),
      failure: { show: (message) => setErrors({ lines: message }), fallback: TEST_SUITE_MESSAGES.lines },
      success: { title: "Saved", description: lines.length ? "Your script is ready to run." : "Your script is empty." },
    });
    if (done) onSaved(done.data.custom);
  }

  return (
    <form className="custom-script" noValidate onSubmit={save}>
      <label htmlFor="custom-lines">What the caller says, one line per turn</label>
      <textarea
        id="custom-lines"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={"Hi, do you fix leaking taps on weekends?\nMy name is Sam Lee, my number is +1 415 555 0100."}
        aria-describedby="custom-lines-hint"
        aria-invalid={error ? true : undefined}
        disabled={!canEdit || saving}
      />
      <p className="field-hint" id="custom-lines-hint">
        Up to {CUSTOM_LINES.max} lines of up to {CUSTOM_LINES.maxLength} characters.
      </p>
      {error && <p className="field-error">{error}</p>}
      <label htmlFor="custom-expect">The call should</label>
      <select id="custom-expect" value={expect} onChange={(event) => setExpect(event.target.value as TestExpectation)} disabled={!canEdit || saving}>
        {TEST_EXPECTATIONS.map((value) => (
          <option key={value} value={value}>
            {EXPECT_LABEL[value]}
          </option>
        ))}
      </select>
      {canEdit && (
        <button type="submit" className="btn btn-secondary btn-sm" disabled={saving}>
          {saving ? "Saving..." : "Save script"}
        </button>
      )}
    </form>
  );
}
