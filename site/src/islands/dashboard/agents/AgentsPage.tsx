import type { AgentResource } from "@nikki/core";
import { useEffect, useState } from "react";
import { api, getJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { LANGUAGE_NAMES } from "./draft";
import TestCallButton from "../TestCallButton";
import AgentWizard from "./AgentWizard";
import LoadPending from "../LoadPending";
import "../../dialog.css";
import "../../form.css";
import "./agents.css";

/** Agents (spec 001 §2): the organization's agents with their numbers; create and edit with the wizard; (de)activate. */
export default function AgentsPage() {
  const [agents, setAgents] = useState<AgentResource[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<AgentResource | null | undefined>(undefined);
  const [busy, setBusy] = useState<string | null>(null);

  async function load() {
    const result = await getJson<{ agents: AgentResource[] }>("/api/agents");
    if (!result.ok) {
      setFailed(true);
      toast({ variant: "destructive", title: "Failed to load agents", description: result.error?.message });
      return;
    }
    setFailed(false);
    setAgents(result.data.agents);
  }

  useEffect(() => void load(), []);

  async function toggle(agent: AgentResource) {
    const status = agent.status === "active" ? "inactive" : "active";
    setBusy(agent.id);
    const result = await api<{ agent: AgentResource }>("PATCH", `/api/agents/${agent.id}`, { status });
    setBusy(null);
    if (!result.ok) {
      toast({
        variant: "destructive",
        title: status === "active" ? "Failed to activate agent." : "Failed to deactivate agent.",
        description: result.error?.message,
      });
      return;
    }
    setAgents((list) => list?.map((row) => (row.id === agent.id ? result.data.agent : row)) ?? null);
    toast({
      title: status === "active" ? "Agent Activated" : "Agent Deactivated",
      description: status === "active" ? `${agent.name} answers its numbers again.` : `Calls to ${agent.name}'s numbers now go to voicemail.`,
    });
  }

  return (
    <section className="card panel" aria-labelledby="agents-title">
      <div className="panel-head">
        <div>
          <h2 id="agents-title">Your agents</h2>
          <p>Each agent answers the numbers you assign to it, with its own greeting, knowledge and hours.</p>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(null)}>
          Create Agent
        </button>
      </div>
      {agents === null ? (
        <LoadPending failed={failed} failure={"Failed to load agents"} loading="Loading agents…" onRetry={() => void load()} />
      ) : agents.length === 0 ? (
        <div className="dash-empty">
          <p>No agents found. Create your first agent to get started.</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(null)}>
            Create Agent
          </button>
        </div>
      ) : (
        <ul className="agent-list">
          {agents.map((agent) => (
            <li className="agent-row" key={agent.id}>
              <div className="agent-main">
                <h3>{agent.name}</h3>
                <p className="muted">
                  {LANGUAGE_NAMES[agent.language] ?? agent.language} · voice {agent.voice}
                </p>
                <p className="agent-numbers">{agent.numbers.length ? agent.numbers.map((number) => number.phone_number).join(", ") : "No number assigned"}</p>
              </div>
              <span className={`badge ${agent.status === "active" ? "badge-positive" : "badge-neutral"}`}>
                {agent.status === "active" ? "Active" : "Inactive"}
              </span>
              <div className="agent-actions">
                <TestCallButton
                  path={`/api/agents/${agent.id}/test-call`}
                  label={agent.name}
                  disabledReason={
                    agent.status !== "active" ? "Activate the agent first." : agent.numbers.length === 0 ? "Assign a number to this agent first." : undefined
                  }
                />
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(agent)} aria-label={`Edit ${agent.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={busy === agent.id}
                  onClick={() => void toggle(agent)}
                  aria-label={`${agent.status === "active" ? "Deactivate" : "Activate"} ${agent.name}`}
                >
                  {agent.status === "active" ? "Deactivate" : "Activate"}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AgentWizard
        agent={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void load();
        }}
      />
    </section>
  );
}
