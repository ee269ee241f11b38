import { NOISE_REDUCTIONS, TURN_DETECTIONS, TURN_EAGERNESS, TURN_TAKING_BOUNDS, TURN_TAKING_COPY as C } from "@nikki/core";
import { api, call } from "../../../lib/client";
import { useResource } from "../../../lib/use-resource";
import FormField, { TextField, errorId } from "../../FormField";
import type { AgentDraft } from "./draft";

type TurnKey = "turn_detection" | "silence_duration_ms" | "eagerness" | "noise_reduction" | "interruption_min_ms" | "realtime_model";

interface Props {
  draft: AgentDraft;
  errors: Partial<Record<string, string>>;
  disabled: boolean;
  onChange<K extends TurnKey>(key: K, value: AgentDraft[K]): void;
}

/** A select of fixed choices, labelled in core's words, wired to its error. */
function Choice<T extends string>(props: {
  field: TurnKey;
  label: string;
  value: T;
  choices: readonly T[];
  labels: Record<T, string>;
  hint?: string;
  error?: string;
  disabled: boolean;
  onValue(value: T): void;
}) {
  const id = `agent-${props.field}`;
  const describedBy = [props.error ? errorId(id) : "", props.hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <FormField id={id} label={props.label} error={props.error}>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onValue(event.target.value as T)}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {props.choices.map((choice) => (
          <option key={choice} value={choice}>
            {props.labels[choice]}
          </option>
        ))}
      </select>
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
    </FormField>
  );
}

/**
 * The Voice step's turn-taking (issue 55): when the agent answers (server VAD's pause, or semantic VAD's eagerness),
 * noise reduction, how long a caller speaks before the agent stops, and the realtime model among those this
 * deployment offers (its default first).
 */
export default function TurnTakingFields({ draft, errors, disabled, onChange }: Props) {
  const models = useResource(() => call(api.agents["realtime-models"].$get), { failure: "Failed to load the realtime models" });
  const offered = models.data?.realtime_models;
  const others = offered?.allowed.filter((model) => model !== offered.default) ?? [];
  const stale = draft.realtime_model && offered && !offered.allowed.includes(draft.realtime_model);
  const modelError = errors.realtime_model;
  return (
    <fieldset className="plain-fieldset turn-taking">
      <legend className="step-legend">{C.legend}</legend>
      <div className="turn-taking-grid">
        <Choice
          field="turn_detection"
          label={C.turnDetection}
          value={draft.turn_detection}
          choices={TURN_DETECTIONS}
          labels={C.turnDetections}
          hint={C.turnDetectionHint}
          error={errors.turn_detection}
          disabled={disabled}
          onValue={(value) => onChange("turn_detection", value)}
        />
        {draft.turn_detection === "server_vad" ? (
          <TextField
            id="agent-silence_duration_ms"
            label={C.silence}
            type="number"
            inputMode="numeric"
            min={TURN_TAKING_BOUNDS.silence_duration_ms.min}
            max={TURN_TAKING_BOUNDS.silence_duration_ms.max}
            step={50}
            value={draft.silence_duration_ms}
            onValue={(value) => onChange("silence_duration_ms", value)}
            hint={C.silenceHint}
            error={errors.silence_duration_ms}
            disabled={disabled}
          />
        ) : (
          <Choice
            field="eagerness"
            label={C.eagerness}
            value={draft.eagerness}
            choices={TURN_EAGERNESS}
            labels={C.eagernesses}
            error={errors.eagerness}
            disabled={disabled}
            onValue={(value) => onChange("eagerness", value)}
          />
        )}
        <Choice
          field="noise_reduction"
          label={C.noiseReduction}
          value={draft.noise_reduction}
          choices={NOISE_REDUCTIONS}
          labels={C.noiseReductions}
          hint={C.noiseReductionHint}
          error={errors.noise_reduction}
          disabled={disabled}
          onValue={(value) => onChange("noise_reduction", value)}
        />
        <TextField
          id="agent-interruption_min_ms"
          label={C.interruption}
          type="number"
          inputMode="numeric"
          min={TURN_TAKING_BOUNDS.interruption_min_ms.min}
          max={TURN_TAKING_BOUNDS.interruption_min_ms.max}
          step={50}
          value={draft.interruption_min_ms}
          onValue={(value) => onChange("interruption_min_ms", value)}
          hint={C.interruptionHint}
          error={errors.interruption_min_ms}
          disabled={disabled}
        />
        <FormField id="agent-realtime_model" label={C.model} error={modelError}>
          <select
            id="agent-realtime_model"
            value={draft.realtime_model}
            onChange={(event) => onChange("realtime_model", event.target.value)}
            disabled={disabled}
            aria-invalid={modelError ? true : undefined}
            aria-describedby={modelError ? errorId("agent-realtime_model") : undefined}
          >
            <option value="">{offered ? C.deploymentModel(offered.default) : C.deploymentDefault}</option>
            {others.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
            {/* The agent's own, shown as it is saved while the list loads or after the deployment stopped offering it. */}
            {draft.realtime_model && !others.includes(draft.realtime_model) && (
              <option value={draft.realtime_model}>{stale ? C.notOffered(draft.realtime_model) : draft.realtime_model}</option>
            )}
          </select>
        </FormField>
      </div>
    </fieldset>
  );
}
