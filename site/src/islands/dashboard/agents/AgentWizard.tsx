import {
  AGENT_LANGUAGES,
  AGENT_SAVED_MESSAGES,
  agentLanguageName,
  voiceName,
  AGENT_TOOLS,
  AGENT_VOICES,
  type AgentResource,
  ESCALATION_MESSAGES,
  defaultGreeting,
  toolsAfterEscalation,
} from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe, useRegion } from "../../../lib/me";
import { useSubmit } from "../../../lib/use-submit";
import FormField, { FormAlert, TextField, TimeZoneField } from "../../FormField";
import Modal from "../../ui/Modal";
import { type AgentDraft, STEPS, STEP_OF_FIELD, TOOL_NAMES, bodyOf, draftOf, draftProblems, emptyDraft, firstProblem, parsedObject } from "./draft";
import ReviewStep, { TransferWarning } from "./ReviewStep";
import { EscalationEditor } from "./EscalationEditor";
import { CrmMappingEditor, HoursEditor } from "./JsonEditors";
import SecondLanguageFields from "./SecondLanguageFields";
import ServicesStep from "./ServicesStep";
import TurnTakingFields from "./TurnTakingFields";
import VoicePreview from "./VoicePreview";

interface Props {
  /** The agent to edit, or null to create one; undefined keeps the dialog closed. */
  agent: AgentResource | null | undefined;
  /** The business's time zone, a new agent's own until changed. */
  timeZone: string | undefined;
  onClose(): void;
  onSaved(agent: AgentResource, created: boolean): void;
}

/** The agent wizard (spec 001 §4, and issue 35 §1's Services step): Previous disabled on the first step, Save Agent on the last; edits too. */
export default function AgentWizard({ agent, timeZone, onClose, onSaved }: Props) {
  const [step, setStep] = useState(0);
  // The agent's own (or a blank one) from the first frame of each opening: its owner keys it (ui/opening-key.ts).
  const [draft, setDraft] = useState<AgentDraft>(() => (agent ? draftOf(agent) : emptyDraft(timeZone)));
  const [opened] = useState(draft);
  const [alert, setAlert] = useState<string | null>(null);
  const { pending, errors, setErrors, submit } = useSubmit<string>();
  const open = agent !== undefined;
  const organization = useMe()?.organization?.name ?? "";
  const region = useRegion();
  // The field to focus once its step is shown (a refused Next or Save).
  const [focusField, setFocusField] = useState<string | null>(null);

  useEffect(() => {
    if (!focusField) return;
    const holder = document.getElementById(`agent-${focusField}`);
    // Within a group of inputs, the one that is wrong (a selector list would match the first input of any kind).
    const target = holder?.matches("input, select, textarea")
      ? holder
      : (holder?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? holder?.querySelector<HTMLElement>("input, textarea, select"));
    target?.focus();
    setFocusField(null);
  }, [focusField, step]);

  /** Shows a field's problem where it is: its step, its message, the focus on it. */
  function showProblems(problems: Record<string, string>, field: string) {
    setErrors(problems);
    setStep(STEP_OF_FIELD[field] ?? step);
    setFocusField(field);
  }

  const change = <K extends keyof AgentDraft>(key: K, value: AgentDraft[K]) =>
    setDraft((current) => {
      // The default greeting says the agent's name in its language: it follows a rename or a new language until the
      // business writes its own.
      const followsDefault = !current.greeting || current.greeting === defaultGreeting(organization, current.name, current.language);
      const next = { ...current, [key]: value };
      const greeting = (key === "name" || key === "language") && followsDefault ? defaultGreeting(organization, next.name, next.language) : next.greeting;
      return { ...next, greeting };
    });
  // The numbers this agent answers: a transfer to one of them would ring the same line.
  const ownLines = agent?.numbers.map((number) => number.phone_number) ?? [];
  const turnOnTransfer = () => change("tools", [...draft.tools, "transfer_call"]);
  // The first transfer number typed turns "Transfer to a person" on (said beside the numbers until the dialog closes).
  const [transferTurnedOn, setTransferTurnedOn] = useState(false);
  const changeEscalation = (value: string) => {
    const tools = toolsAfterEscalation(draft.tools, parsedObject(draft.escalation_json), parsedObject(value), region);
    if (tools.length > draft.tools.length) setTransferTurnedOn(true);
    setDraft((current) => ({ ...current, escalation_json: value, tools }));
  };
  const text = (key: keyof AgentDraft, label: string, extra: { hint?: string; required?: boolean } = {}) => (
    <TextField
      id={`agent-${key}`}
      label={label}
      value={String(draft[key])}
      onValue={(value) => change(key, value as never)}
      error={errors[key]}
      disabled={pending}
      {...extra}
    />
  );
  const area = (key: "persona_prompt" | "knowledge_base", label: string, hint: string, rows: number) => (
    <FormField id={`agent-${key}`} label={label} error={errors[key]}>
      <textarea
        id={`agent-${key}`}
        rows={rows}
        value={draft[key]}
        onChange={(event) => change(key, event.target.value)}
        aria-describedby={`agent-${key}-hint`}
        disabled={pending}
      />
      <p className="field-hint" id={`agent-${key}-hint`}>
        {hint}
      </p>
    </FormField>
  );

  /** A JSON field's editor, its id the one the wizard focuses when the field has a problem. */
  const json = (Editor: typeof HoursEditor, key: "hours_json" | "escalation_json" | "crm_mapping", label: string) => (
    <Editor
      key={key}
      id={`agent-${key}`}
      label={label}
      value={draft[key]}
      onValue={(value) => (key === "escalation_json" ? changeEscalation(value) : change(key, value))}
      error={errors[key]}
    />
  );

  /**
   * Opens step `index`. Going forward, by Next or a step's button, the step being left and any it skips are checked
   * first and the first problem is shown where it is: Review is never reached past a step that would be refused.
   */
  function goTo(index: number) {
    if (index > step) {
      const problems = draftProblems(draft, region);
      const field = firstProblem(problems, (at) => at >= step && at < index);
      if (field) return showProblems(problems, field);
    }
    setErrors({});
    setStep(index);
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (step < STEPS.length - 1) return goTo(step + 1);
    // Save checks every step and opens the first with a problem.
    const problems = draftProblems(draft, region);
    const field = firstProblem(problems);
    if (field) return showProblems(problems, field);
    setErrors({});
    setAlert(null);
    const saved = await submit({
      request: () => (agent ? call(api.agents[":id"].$patch, { param: { id: agent.id } }, bodyOf(draft)) : call(api.agents.$post, undefined, bodyOf(draft))),
      failure: { show: setAlert, fallback: "Failed to create agent. Please try again." },
      onFieldErrors: (fields) => {
        const first = firstProblem(fields);
        if (first) showProblems(fields, first);
      },
      success: agent
        ? { title: "Agent Saved", description: `${draft.name.trim()} is updated.` }
        : (data) =>
            data.agent.numbers.length > 0
              ? { title: "Agent Created", description: AGENT_SAVED_MESSAGES.ready(data.agent.name) }
              : {
                  title: "Agent Created",
                  description: AGENT_SAVED_MESSAGES.needsNumber(data.agent.name),
                  link: { href: "/dashboard/numbers", label: AGENT_SAVED_MESSAGES.numbersLink },
                },
    });
    if (saved) onSaved(saved.data.agent, !agent);
  }

  const steps = [
    <>
      {text("name", "Agent name", { required: true, hint: "The name callers hear, like Nikki." })}
      <FormField id="agent-language" label="Language" error={errors.language}>
        <select id="agent-language" value={draft.language} onChange={(event) => change("language", event.target.value)} disabled={pending}>
          {AGENT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {agentLanguageName(language)}
            </option>
          ))}
        </select>
      </FormField>
      <SecondLanguageFields draft={draft} errors={errors} disabled={pending} onChange={change} />
      <fieldset className="plain-fieldset">
        <legend className="step-legend">What the agent may do on a call</legend>
        {AGENT_TOOLS.map((tool) => (
          <label className="consent" key={tool}>
            <input
              type="checkbox"
              checked={draft.tools.includes(tool)}
              onChange={(event) => change("tools", event.target.checked ? [...draft.tools, tool] : draft.tools.filter((t) => t !== tool))}
              disabled={pending}
            />
            <span>{TOOL_NAMES[tool]}</span>
          </label>
        ))}
      </fieldset>
    </>,
    <>
      {text("greeting", "Greeting", { hint: "What the agent says first, word for word, on every call and in the chat. Leave it empty for the default." })}
      {area("persona_prompt", "Persona", "How the agent sounds and behaves: tone, what to ask, what never to say.", 5)}
    </>,
    area("knowledge_base", "Knowledge base", "Services, prices, service area, policies: everything the agent may tell callers.", 10),
    <>
      <fieldset className="plain-fieldset" key="voice">
        <legend className="step-legend">Voice</legend>
        <div className="voice-grid">
          {AGENT_VOICES.map((voice) => (
            <div className={`voice-option${draft.voice === voice ? " selected" : ""}`} key={voice}>
              <label>
                <input
                  type="radio"
                  name="agent-voice"
                  value={voice}
                  checked={draft.voice === voice}
                  onChange={() => change("voice", voice)}
                  disabled={pending}
                />
                <span>{voiceName(voice)}</span>
              </label>
              <VoicePreview voice={voice} />
            </div>
          ))}
        </div>
        {errors.voice && <p className="field-error">{errors.voice}</p>}
      </fieldset>
      <TurnTakingFields draft={draft} errors={errors} disabled={pending} onChange={change} />
    </>,
    <>
      <TimeZoneField
        id="agent-business_hours_tz"
        value={draft.business_hours_tz}
        onValue={(value) => change("business_hours_tz", value)}
        error={errors.business_hours_tz}
        hint="The opening hours below, and the times callers book, are in this zone."
        disabled={pending}
      />
      {json(HoursEditor, "hours_json", "Opening hours")}
      {json(EscalationEditor, "escalation_json", "Escalation")}
      <p className="wizard-note" role="status">
        {transferTurnedOn && draft.tools.includes("transfer_call") ? ESCALATION_MESSAGES.turnedOn : ""}
      </p>
      <TransferWarning draft={draft} ownLines={ownLines} onTurnOn={turnOnTransfer} />
    </>,
    <ServicesStep key="services" />,
    json(CrmMappingEditor, "crm_mapping", "CRM mapping"),
    <ReviewStep key="review" draft={draft} organization={organization} ownLines={ownLines} onTurnOn={turnOnTransfer} />,
  ];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={agent ? `Edit ${agent.name}` : "Create Agent"}
      titleId="wizard-title"
      className="wizard"
      onSubmit={save}
      changed={JSON.stringify(draft) !== JSON.stringify(opened)}
    >
      <ol className="wizard-steps" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? "step" : undefined}>
            <button type="button" onClick={() => goTo(index)} disabled={pending}>
              <span className="step-number">{index + 1}</span> <span className="step-label">{label}</span>
            </button>
          </li>
        ))}
      </ol>
      <h3 className="step-title">
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </h3>
      <div className="step-body">{steps[step]}</div>
      <FormAlert>{alert}</FormAlert>
      <div className="wizard-actions">
        <button type="button" className="btn btn-secondary" disabled={step === 0 || pending} onClick={() => setStep(step - 1)}>
          Previous
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {step < STEPS.length - 1 ? "Next" : pending ? "Saving..." : "Save Agent"}
        </button>
      </div>
    </Modal>
  );
}
