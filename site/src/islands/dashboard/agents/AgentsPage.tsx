import { useState } from "react";
import { AGENT_SAVED_MESSAGES, languagesAndVoice } from "@nikki/core";
import { type DataOf, api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded from "../../ui/Loaded";
import { useOpeningKey } from "../../ui/opening-key";
import StatusBadge from "../../ui/StatusBadge";
import TestCallButton from "../TestCallButton";
import AgentWizard from "./AgentWizard";
import "../../form.css";
import "./agents.css";

type Agent = DataOf<typeof api.agents.$get>["agents"][number];

/** Agents (spec 001 §2): the organization's agents with their numbers; create and edit with the wizard; (de)activate. */
export default function AgentsPage() {
  const agents = useResource(() => call(api.agents.$get), { failure: "Failed to load agents" });
  const [editing, setEditing] = useState<Agent | null | undefined>(undefined);
  const editingKey = useOpeningKey(editing !== undefined);
  const action = useAction();
  // A new agent starts in the business's time zone (the one chosen at sign-up, or the first agent's).
  const timeZone = useMe()?.organization?.time_zone;

  async function toggle(agent: Agent) {
    const status = agent.status === "active" ? "inactive" : "active";
    const done = await action.run({
      key: agent.id,
      request: () => call(api.agents[":id"].$patch, { param: { id: agent.id } }, { status }),
      failure: status === "active" ? "Failed to activate agent." : "Failed to deactivate agent.",
      success: {
        title: status === "active" ? "Agent Activated" : "Agent Deactivated",
        description: status === "active" ? `${agent.name} answers its numbers again.` : `Calls to ${agent.name}'s numbers now go to voicemail.`,
      },
    });
    if (done) agents.update((list) => ({ agents: list.agents.map((row) => (row.id === agent.id ? done.data.agent : row)) }));
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
      <Loaded resource={agents} loading="Loading agents…">
        {({ agents: rows }) =>
          rows.length === 0 ? (
            <EmptyState message="No agents found. Create your first agent to get started.">
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(null)}>
                Create Agent
              </button>
            </EmptyState>
          ) : (
            <ul className="agent-list">
              {rows.map((agent) => (
                <li className="agent-row" key={agent.id}>
                  <div className="agent-main">
                    <h3>{agent.name}</h3>
                    <p className="muted">{languagesAndVoice(agent)}</p>
                    <p className="agent-numbers">
                      {agent.numbers.length ? (
                        agent.numbers.map((number) => number.phone_number).join(", ")
                      ) : (
                        <>
                          {AGENT_SAVED_MESSAGES.needsNumber(agent.name)} <a href="/dashboard/numbers">{AGENT_SAVED_MESSAGES.numbersLink}</a>
                        </>
                      )}
                    </p>
                  </div>
                  <StatusBadge kind="agent" status={agent.status} />
                  <div className="agent-actions">
                    <TestCallButton
                      place={(phone) => call(api.agents[":id"]["test-call"].$post, { param: { id: agent.id } }, phone)}
                      label={agent.name}
                      disabledReason={
                        agent.status !== "active"
                          ? "Activate the agent first."
                          : agent.numbers.length === 0
                            ? "Assign a number to this agent first."
                            : undefined
                      }
                    />
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(agent)} aria-label={`Edit ${agent.name}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={action.busy(agent.id)}
                      onClick={() => void toggle(agent)}
                      aria-label={`${agent.status === "active" ? "Deactivate" : "Activate"} ${agent.name}`}
                    >
                      {agent.status === "active" ? "Deactivate" : "Activate"}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <AgentWizard
        key={editingKey}
        agent={editing}
        timeZone={timeZone}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void agents.reload();
        }}
      />
    </section>
  );
}
