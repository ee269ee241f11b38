import {
  ESCALATION_MESSAGES,
  TRANSFER_LINE_MESSAGES,
  TURN_TAKING_COPY,
  WEEKDAY_NAMES,
  WEEK_FROM_MONDAY,
  defaultGreeting,
  languagesAndVoice,
  readEscalation,
  spanLabel,
  transfersToOwnLine,
  voiceModelName,
  zoneName,
} from "@nikki/core";
import { api, call } from "../../../lib/client";
import { useRegion } from "../../../lib/me";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import { type AgentDraft, type Hours, TOOL_NAMES, bodyOf, parsedObject } from "./draft";

/** "9:00 AM–12:00 PM, 1:00 PM–5:00 PM", or "Closed". */
const spansOf = (hours: Hours, day: string) => (hours[day] ?? []).map((span) => spanLabel(span)).join(", ") || "Closed";

/** A week of hours, a day a line, Monday first. */
function WeekList({ hours, label }: { hours: Hours; label: string }) {
  return (
    <ul className="review-week" aria-label={label}>
      {WEEK_FROM_MONDAY.map((day) => (
        <li key={day}>
          <span>{WEEKDAY_NAMES[day]}</span> {spansOf(hours, day)}
        </li>
      ))}
    </ul>
  );
}

/** The services callers can book (the Services step's, as saved), read again when Review opens. */
function ReviewServices() {
  const services = useResource(() => call(api.services.$get), { failure: "Failed to load services" });
  return (
    <Loaded resource={services} loading="Loading services…">
      {({ services: rows }) => (
        <ul className="review-list" aria-label="Services">
          {rows.map((service) => (
            <li key={service.id}>
              {service.name} ({service.duration_minutes} min{service.price_text ? `, ${service.price_text}` : ""})
            </li>
          ))}
        </ul>
      )}
    </Loaded>
  );
}

/**
 * The warning beside transfer numbers the agent may not use: one that is the agent's own line (`ownLines`, the numbers
 * it answers), or numbers with the transfer tool off; or the tool without a number. Null when they agree.
 */
export function TransferWarning({ draft, ownLines, onTurnOn }: { draft: AgentDraft; ownLines: readonly string[]; onTurnOn?(): void }) {
  const region = useRegion();
  const escalation = parsedObject(draft.escalation_json);
  const numbers = readEscalation(escalation, region).numbers;
  const toolOn = draft.tools.includes("transfer_call");
  if (transfersToOwnLine(escalation, ownLines, region).length > 0)
    return (
      <p className="wizard-warning" role="note">
        {TRANSFER_LINE_MESSAGES.ownLine}
      </p>
    );
  if (numbers.length > 0 && !toolOn)
    return (
      <p className="wizard-warning" role="note">
        {ESCALATION_MESSAGES.toolOff}{" "}
        {onTurnOn && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onTurnOn}>
            {ESCALATION_MESSAGES.turnOn}
          </button>
        )}
      </p>
    );
  if (numbers.length === 0 && toolOn)
    return (
      <p className="wizard-warning" role="note">
        {ESCALATION_MESSAGES.noNumbers}
      </p>
    );
  return null;
}

/** The wizard's last step: everything the agent will be saved with, hours, services and transfers included (issue 54 §11). */
export default function ReviewStep({
  draft,
  organization,
  ownLines,
  onTurnOn,
}: {
  draft: AgentDraft;
  organization: string;
  ownLines: readonly string[];
  onTurnOn(): void;
}) {
  const escalation = readEscalation(parsedObject(draft.escalation_json), useRegion());
  const hours = (parsedObject(draft.hours_json) ?? {}) as Hours;
  const body = bodyOf(draft);
  return (
    <dl className="review">
      <dt>Name</dt>
      <dd>{draft.name || "—"}</dd>
      <dt>Language and voice</dt>
      <dd>{languagesAndVoice(body)}</dd>
      <dt>Turn-taking</dt>
      <dd>{TURN_TAKING_COPY.summary(body)}</dd>
      <dt>{TURN_TAKING_COPY.model}</dt>
      <dd>{draft.realtime_model ? voiceModelName(draft.realtime_model) : TURN_TAKING_COPY.deploymentDefault}</dd>
      <dt>Greeting</dt>
      <dd>{draft.greeting || defaultGreeting(organization, draft.name, draft.language)}</dd>
      <dt>Persona</dt>
      <dd className="review-text">{draft.persona_prompt.trim() || "None"}</dd>
      <dt>Knowledge base</dt>
      <dd className="review-text">{draft.knowledge_base.trim() || "None"}</dd>
      <dt>Tools</dt>
      <dd>{draft.tools.map((tool) => TOOL_NAMES[tool]).join(", ") || "None: the agent takes messages only"}</dd>
      <dt>Opening hours</dt>
      <dd>
        <WeekList hours={hours} label="Opening hours" />
        <span className="muted">Times in {zoneName(draft.business_hours_tz)}</span>
      </dd>
      <dt>Services</dt>
      <dd>
        <ReviewServices />
      </dd>
      <dt>Transfer numbers</dt>
      <dd>
        {escalation.numbers.length ? (
          <ul className="review-list" aria-label="Transfer numbers">
            {escalation.numbers.map((number) => (
              <li key={number}>{number}</li>
            ))}
          </ul>
        ) : (
          "None"
        )}
        {escalation.numbers.length > 0 &&
          (escalation.transfer_hours ? (
            <WeekList hours={escalation.transfer_hours as Hours} label="Transfer hours" />
          ) : (
            <span className="muted">Any time</span>
          ))}
        {escalation.numbers.length > 0 && (
          <p className="muted">
            {escalation.keywords.length
              ? `Offered when a caller asks for a person or says: ${escalation.keywords.join(", ")}`
              : "Offered when a caller asks for a person"}
          </p>
        )}
        <TransferWarning draft={draft} ownLines={ownLines} onTurnOn={onTurnOn} />
      </dd>
    </dl>
  );
}
