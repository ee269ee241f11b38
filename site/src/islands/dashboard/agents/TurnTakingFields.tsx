import { NOISE_REDUCTIONS, TURN_DETECTIONS, TURN_EAGERNESS, TURN_TAKING_BOUNDS, TURN_TAKING_COPY as C, voiceModelName } from "@nikki/core";
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

/** A select of choices, labelled in core's words, wired to its hint and error. */
function Choice<T extends string>(props: {
  field: TurnKey;
  label: string;
  value: T;
  choices: readonly T[];
  labelOf(choice: T): string;
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
            {props.labelOf(choice)}
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
  const models = useResource(() => call(api.agents["realtime-models"].$get), { failure: C.modelLoadFailed });
  const offered = models.data?.realtime_models;
  const others = offered?.allowed.filter((model) => model !== offered.default) ?? [];
  // "" is the deployment's default; the agent's own is shown as saved while the list loads, or after the deployment stopped offering it.
  const saved = draft.realtime_model && !others.includes(draft.realtime_model) ? [draft.realtime_model] : [];
  const modelChoices = ["", ...others, ...saved];
  const modelLabel = (model: string) => {
    if (model === "") return offered ? C.deploymentModel(offered.default) : C.deploymentDefault;
    return offered && !offered.allowed.includes(model) ? C.notOffered(model) : voiceModelName(model);
  };

  const choice = <K extends "turn_detection" | "eagerness" | "noise_reduction" | "realtime_model">(
    field: K,
    label: string,
    choices: readonly AgentDraft[K][],
    labelOf: (choice: AgentDraft[K]) => string,
    hint?: string,
  ) => (
    <Choice
      field={field}
      label={label}
      value={draft[field]}
      choices={choices}
      labelOf={labelOf}
      hint={hint}
      error={errors[field]}
      disabled={disabled}
      onValue={(value) => onChange(field, value)}
    />
  );
  const milliseconds = (field: "silence_duration_ms" | "interruption_min_ms", label: string, hint: string) => (
    <TextField
      id={`agent-${field}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={TURN_TAKING_BOUNDS[field].min}
      max={TURN_TAKING_BOUNDS[field].max}
      step={50}
      value={draft[field]}
      onValue={(value) => onChange(field, value)}
      hint={hint}
      error={errors[field]}
      disabled={disabled}
    />
  );

  return (
    <fieldset className="plain-fieldset turn-taking">
      <legend className="step-legend">{C.legend}</legend>
      <div className="turn-taking-grid">
        {choice("turn_detection", C.turnDetection, TURN_DETECTIONS, (value) => C.turnDetections[value], C.turnDetectionHint)}
        {draft.turn_detection === "server_vad"
          ? milliseconds("silence_duration_ms", C.silence, C.silenceHint)
          : choice("eagerness", C.eagerness, TURN_EAGERNESS, (value) => C.eagernesses[value])}
        {choice("noise_reduction", C.noiseReduction, NOISE_REDUCTIONS, (value) => C.noiseReductions[value], C.noiseReductionHint)}
        {milliseconds("interruption_min_ms", C.interruption, C.interruptionHint)}
        {choice("realtime_model", C.model, modelChoices, modelLabel)}
      </div>
    </fieldset>
  );
}
