import { CUSTOM_LINES, type CustomScenario as Custom, TEST_EXPECTATIONS, TEST_SUITE_MESSAGES, type TestExpectation } from "@nikki/core";
import { useState } from "react";
import { api } from "../../../lib/api";
import { toast } from "../../../lib/toast";

const EXPECT_LABEL: Record<TestExpectation, string> = {
  lead: "Capture a lead (name and phone)",
  appointment: "Book an appointment",
  info: "Answer a question",
};

/** The custom scenario's script: one caller line per row, and what the call should achieve. */
export default function CustomScenario({ custom, canEdit, onSaved }: { custom: Custom; canEdit: boolean; onSaved(custom: Custom): void }) {
  const [text, setText] = useState(custom.lines.join("\n"));
  const [expect, setExpect] = useState<TestExpectation>(custom.expect);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    const lines = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > CUSTOM_LINES.max || lines.some((line) => line.length > CUSTOM_LINES.maxLength)) return setError(TEST_SUITE_MESSAGES.lines);
    setError(null);
    setSaving(true);
    const result = await api<{ custom: Custom }>("PUT", "/api/test-suite/custom", { lines, expect });
    setSaving(false);
    if (!result.ok) return setError(result.error?.fields?.lines ?? result.error?.message ?? TEST_SUITE_MESSAGES.lines);
    toast({ title: "Saved", description: lines.length ? "Your script is ready to run." : "Your script is empty." });
    onSaved(result.data.custom);
  }

  return (
    <div className="custom-script">
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
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void save()} disabled={saving}>
          {saving ? "Saving..." : "Save script"}
        </button>
      )}
    </div>
  );
}
