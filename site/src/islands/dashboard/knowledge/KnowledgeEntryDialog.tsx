import { KNOWLEDGE_LIMITS, type KnowledgeEntry, type KnowledgeKind, knowledgeCreateSchema, knowledgePatchSchema, parseFields } from "@nikki/core";
import { useId, useState } from "react";
import { api, call } from "../../../lib/client";
import { useSubmit } from "../../../lib/use-submit";
import FormField, { TextField, errorId } from "../../FormField";
import Modal, { ModalCancel } from "../../ui/Modal";

export interface AgentName {
  id: string;
  name: string;
}

interface Draft {
  kind: KnowledgeKind;
  title: string;
  body: string;
  question: string;
  answer: string;
  /** Empty: every agent. */
  agent_ids: string[];
  someAgents: boolean;
}

const draftOf = (entry: KnowledgeEntry | null): Draft =>
  entry
    ? { ...entry, someAgents: entry.agent_ids.length > 0 }
    : { kind: "qa", title: "", body: "", question: "", answer: "", agent_ids: [], someAgents: false };

/** What is sent: the kind's own fields, and the agents when they are new (or changed). */
function bodyOf(draft: Draft, entry: KnowledgeEntry | null) {
  const agentIds = draft.someAgents ? draft.agent_ids : [];
  const content = draft.kind === "qa" ? { question: draft.question, answer: draft.answer } : { title: draft.title, body: draft.body };
  const agentsChanged = !entry || JSON.stringify(agentIds) !== JSON.stringify(entry.agent_ids);
  return { ...(entry ? {} : { kind: draft.kind }), ...content, ...(agentsChanged ? { agent_ids: agentIds } : {}) };
}

const KINDS: { kind: KnowledgeKind; label: string; hint: string }[] = [
  { kind: "qa", label: "Question and answer", hint: "One thing callers ask, and what the agent says." },
  { kind: "section", label: "Section", hint: "A title and text: a price list, your policies, directions." },
];

/**
 * Adds a typed entry or changes one (any source), in a dialog: a question and answer or a section, and which agents
 * use it (all, or the ones ticked). Checked with core's schema first; the server's messages land under the fields.
 */
export default function KnowledgeEntryDialog({
  entry,
  agents,
  maxChars,
  onSaved,
  onClose,
}: {
  /** The entry to change, or null for a new one. */
  entry: KnowledgeEntry | null;
  /** The organization's agents (null while unknown: only "every agent" is offered). */
  agents: readonly AgentName[] | null;
  /** The plan's characters of text in one entry (null while unknown: the schema's own limits). */
  maxChars: number | null;
  onSaved(entry: KnowledgeEntry, added: boolean): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(entry));
  const { pending, errors, submit } = useSubmit<string>();
  const titleId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  async function save() {
    const body = bodyOf(draft, entry);
    const checked = entry ? parseFields(knowledgePatchSchema, body) : parseFields(knowledgeCreateSchema, body);
    const someWithout = draft.someAgents && draft.agent_ids.length === 0 ? { agent_ids: "Tick at least one agent, or choose every agent." } : {};
    const done = await submit({
      invalid: { ...(checked.ok ? {} : checked.fields), ...someWithout },
      request: () => (entry ? call(api.knowledge[":id"].$patch, { param: { id: entry.id } }, body) : call(api.knowledge.$post, undefined, body)),
      failure: { toast: entry ? "Failed to save the entry." : "Failed to add the entry." },
      success: entry
        ? { title: "Entry Saved", description: "Your agents use the new text from the next call on." }
        : { title: "Entry Added", description: "Your agents use it from the next call on." },
    });
    if (done) onSaved(done.data.entry, !entry);
  }

  const textField = (key: "question" | "title", label: string, max: number, placeholder: string) => (
    <TextField
      id={`knowledge-entry-${key}`}
      label={label}
      required
      maxLength={max}
      placeholder={placeholder}
      value={draft[key]}
      onValue={(value) => set(key, value)}
      error={errors[key]}
      disabled={pending}
    />
  );
  const textArea = (key: "body" | "answer", label: string, max: number, rows: number) => (
    <FormField id={`knowledge-entry-${key}`} label={label} required error={errors[key]}>
      <textarea
        id={`knowledge-entry-${key}`}
        rows={rows}
        maxLength={max}
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? errorId(`knowledge-entry-${key}`) : undefined}
        disabled={pending}
      />
    </FormField>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={entry ? "Edit entry" : "Add knowledge"}
      titleId={titleId}
      lead={entry?.source === "website" ? "Your edit is kept when the website is imported again." : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="knowledge-dialog"
    >
      {!entry && (
        <fieldset className="plain-fieldset knowledge-kinds">
          <legend className="step-legend">Kind</legend>
          {KINDS.map((kind) => (
            <label className="consent" key={kind.kind}>
              <input type="radio" name="knowledge-kind" checked={draft.kind === kind.kind} onChange={() => set("kind", kind.kind)} disabled={pending} />
              <span>
                {kind.label} <span className="muted">· {kind.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {draft.kind === "qa" ? (
        <>
          {textField("question", "Question", KNOWLEDGE_LIMITS.question, "Do you have parking?")}
          {textArea("answer", "Answer", Math.min(KNOWLEDGE_LIMITS.answer, maxChars ?? KNOWLEDGE_LIMITS.answer), 4)}
        </>
      ) : (
        <>
          {textField("title", "Title", KNOWLEDGE_LIMITS.title, "Prices")}
          {textArea("body", "Text", Math.min(KNOWLEDGE_LIMITS.body, maxChars ?? KNOWLEDGE_LIMITS.body), 8)}
        </>
      )}
      <fieldset className="plain-fieldset knowledge-agents">
        <legend className="step-legend">Used by</legend>
        <label className="consent">
          <input type="radio" name="knowledge-scope" checked={!draft.someAgents} onChange={() => set("someAgents", false)} disabled={pending} />
          <span>Every agent, including agents you add later</span>
        </label>
        {agents && agents.length > 0 && (
          <label className="consent">
            <input type="radio" name="knowledge-scope" checked={draft.someAgents} onChange={() => set("someAgents", true)} disabled={pending} />
            <span>Only some agents</span>
          </label>
        )}
        {draft.someAgents && (
          <div className="knowledge-agent-list">
            {(agents ?? []).map((agent) => (
              <label className="consent" key={agent.id}>
                <input
                  type="checkbox"
                  checked={draft.agent_ids.includes(agent.id)}
                  onChange={(event) =>
                    set("agent_ids", event.target.checked ? [...draft.agent_ids, agent.id] : draft.agent_ids.filter((id) => id !== agent.id))
                  }
                  disabled={pending}
                />
                <span>{agent.name}</span>
              </label>
            ))}
          </div>
        )}
        {errors.agent_ids && (
          <p className="field-error" role="alert">
            {errors.agent_ids}
          </p>
        )}
      </fieldset>
      <div className="dialog-actions">
        <ModalCancel disabled={pending} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {pending ? "Saving..." : entry ? "Save entry" : "Add entry"}
        </button>
      </div>
    </Modal>
  );
}
