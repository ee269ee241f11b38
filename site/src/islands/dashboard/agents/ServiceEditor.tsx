import { SERVICE_MESSAGES, SERVICE_RANGES, type ServiceResource, parseFields, serviceCreateSchema } from "@nikki/core";
import { type KeyboardEvent, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";
import { TextField } from "../../FormField";
import { type NumberSpec, NumberRow } from "../settings/SettingsField";

interface Draft {
  name: string;
  duration_minutes: number;
  buffer_minutes: number;
  price_text: string;
  agent_ids: string[];
}

const draftOf = (service: ServiceResource | null): Draft =>
  service
    ? {
        name: service.name,
        duration_minutes: service.duration_minutes,
        buffer_minutes: service.buffer_minutes,
        price_text: service.price_text ?? "",
        agent_ids: service.agent_ids,
      }
    : { name: "", duration_minutes: 30, buffer_minutes: 0, price_text: "", agent_ids: [] };

const NUMBERS = [
  { key: "duration_minutes", id: "service-duration", label: "Duration", range: SERVICE_RANGES.durationMinutes, unit: "minutes, in steps of 5" },
  { key: "buffer_minutes", id: "service-buffer", label: "Buffer after", range: SERVICE_RANGES.bufferMinutes, unit: "minutes kept free after it" },
] as const satisfies readonly NumberSpec<keyof Draft>[];

const bodyOf = (draft: Draft) => ({ ...draft, price_text: draft.price_text.trim() || null });

/**
 * One service's fields, inline in the wizard's Services step (which sits inside the wizard's own form, so this is no
 * form: Save is a button, and Enter in a field saves the service instead of moving the wizard on). Checked with core's
 * schema before sending; the server's messages land under the same fields.
 */
export default function ServiceEditor({
  service,
  agents,
  onSaved,
  onCancel,
}: {
  /** The service to change, or null for a new one. */
  service: ServiceResource | null;
  agents: readonly { id: string; name: string }[];
  onSaved(service: ServiceResource): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(service));
  const { pending, errors, submit } = useSubmit<string>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const id = (field: string) => `service-${field}`;

  async function save() {
    const body = bodyOf(draft);
    const checked = parseFields(serviceCreateSchema, body);
    const done = await submit({
      invalid: checked.ok ? {} : checked.fields,
      request: () => (service ? call(api.services[":id"].$patch, { param: { id: service.id } }, body) : call(api.services.$post, undefined, body)),
      failure: { toast: service ? "Failed to save the service." : "Failed to add the service." },
      success: { title: service ? "Service Saved" : "Service Added", description: `${body.name.trim()} can be booked.` },
    });
    if (done) onSaved(done.data.service);
  }
  function enterSaves(event: KeyboardEvent) {
    if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement) || event.target.type === "checkbox") return;
    event.preventDefault();
    void save();
  }

  return (
    <div className="service-editor" role="group" aria-label={service ? `Edit ${service.name}` : "New service"} onKeyDown={enterSaves}>
      <TextField
        id={id("name")}
        label="Service name"
        required
        placeholder={SERVICE_MESSAGES.namePlaceholder}
        value={draft.name}
        onValue={(value) => set("name", value)}
        error={errors.name}
        disabled={pending}
      />
      <NumberRow specs={NUMBERS} values={draft} onValue={set} errors={errors} disabled={pending} />
      <TextField
        id={id("price")}
        label="Price"
        placeholder="$80 or From $120"
        hint="What the agent tells callers it costs. Leave empty to say nothing about price."
        value={draft.price_text}
        onValue={(value) => set("price_text", value)}
        error={errors.price_text}
        disabled={pending}
      />
      <fieldset className="plain-fieldset service-agents">
        <legend className="step-legend">Offered by</legend>
        <p className="field-hint">Tick none and every agent offers it, including agents you add later.</p>
        {agents.map((agent) => (
          <label className="consent" key={agent.id}>
            <input
              type="checkbox"
              checked={draft.agent_ids.includes(agent.id)}
              onChange={(event) =>
                set("agent_ids", event.target.checked ? [...draft.agent_ids, agent.id] : draft.agent_ids.filter((agentId) => agentId !== agent.id))
              }
              disabled={pending}
            />
            <span>{agent.name}</span>
          </label>
        ))}
        {errors.agent_ids && <p className="field-error">{errors.agent_ids}</p>}
      </fieldset>
      <div className="agent-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void save()} disabled={pending}>
          {pending ? "Saving..." : "Save service"}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
