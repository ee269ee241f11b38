import { INTEGRATION_MESSAGES, type IntegrationInfo, isCalendar } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";
import { TextField } from "../../FormField";
import Modal from "../../ui/Modal";

type Integration = DataOf<typeof api.integrations.$get>["integrations"][number];

/**
 * Configure (spec 001 §2 Integrations): the provider's credential fields, empty each time (stored values never come
 * back to the browser), checked field by field before and after sending.
 */
export default function ConfigureDialog({
  info,
  current,
  onClose,
  onSaved,
}: {
  info: IntegrationInfo | null;
  current: Integration | null;
  onClose(): void;
  onSaved(integration: Integration): void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  // Secret fields are masked, but an owner told a value is wrong must be able to see what was typed.
  const [reveal, setReveal] = useState(false);
  const { pending, errors, submit } = useSubmit<string>();
  useEffect(() => {
    setValues({});
    setReveal(false);
  }, [info]);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (!info) return;
    const missing = Object.fromEntries(
      info.fields.filter((field) => field.required && !values[field.key]?.trim()).map((field) => [field.key, INTEGRATION_MESSAGES.required(field.label)]),
    );
    const credentials = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ""));
    const done = await submit({
      invalid: missing,
      request: () => call(api.integrations[":provider"].$put, { param: { provider: info.provider } }, { credentials }),
      failure: { toast: INTEGRATION_MESSAGES.saveFailed },
      success: {
        title: INTEGRATION_MESSAGES.saved,
        description: isCalendar(info.provider)
          ? `${info.name} is stored, encrypted. Testing the connection…`
          : `${info.name} is stored, encrypted. Test the connection to verify it.`,
      },
    });
    if (done) onSaved(done.data.integration);
  }

  return (
    <Modal
      open={info !== null}
      onClose={onClose}
      title={info ? `Configure ${info.name}` : "Configure"}
      titleId="configure-title"
      lead={info?.purpose}
      onSubmit={save}
    >
      {info && (
        <>
          {current?.configured && <p className="muted">Stored now: {current.hint}. Saving replaces it; enter every required value again.</p>}
          {info.fields.map((field) => (
            <TextField
              key={field.key}
              id={`${info.provider}-${field.key}`}
              label={field.label}
              required={field.required}
              value={values[field.key] ?? ""}
              onValue={(value) => setValues((all) => ({ ...all, [field.key]: value }))}
              error={errors[field.key]}
              placeholder={field.placeholder}
              type={field.secret && !reveal ? "password" : "text"}
              autoComplete="off"
              spellCheck={false}
              disabled={pending}
            />
          ))}
          {info.fields.some((field) => field.secret) && (
            <label className="checkbox-row">
              <input type="checkbox" checked={reveal} onChange={(event) => setReveal(event.currentTarget.checked)} disabled={pending} />
              Show what I type
            </label>
          )}
          <p className="field-hint">Where to find them: {info.help} Credentials are encrypted (AES-256-GCM) and only ever used by our server.</p>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Saving..." : "Save Configuration"}
          </button>
        </>
      )}
    </Modal>
  );
}
