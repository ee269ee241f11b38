import type { AgentResource, NumberResource } from "@nikki/core";
import { useEffect, useState } from "react";
import { api, getJson, postJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import ConfirmDialog from "../ConfirmDialog";
import TestCallButton from "../TestCallButton";
import { AddNumberDialog, AssignDialog } from "./dialogs";
import LoadPending from "../LoadPending";
import "../../dialog.css";
import "../../form.css";
import "../agents/agents.css";

const TWILIO_CONSOLE = "https://console.twilio.com/us1/develop/phone-numbers/manage/incoming";

function badgeOf(number: NumberResource) {
  if (!number.assigned_agent_id) return { label: "Unassigned", className: "badge-neutral" };
  return number.status === "active" ? { label: "Active", className: "badge-positive" } : { label: "Inactive", className: "badge-neutral" };
}

/** This deployment's webhooks and the TwiML it answers a call with, for a number set up by hand. */
function twimlFor(number: NumberResource) {
  const origin = window.location.origin;
  return [
    `Voice webhook (POST): ${origin}/twilio/voice/inbound`,
    `Messaging webhook (POST): ${origin}/twilio/messaging/inbound`,
    `Status callback (POST): ${origin}/twilio/voice/status`,
    "",
    `A call to ${number.phone_number} is answered with:`,
    "<Response>",
    `  <Connect action="${origin}/twilio/voice/after-stream"><Stream url="${origin.replace(/^http/, "ws")}/twilio/stream/{CallSid}"/></Connect>`,
    "</Response>",
  ].join("\n");
}

/** Numbers (spec 001 §2): the organization's numbers with their agents; buy, assign, sync, copy TwiML, release. */
export default function NumbersPage() {
  const [numbers, setNumbers] = useState<NumberResource[] | null>(null);
  const [agents, setAgents] = useState<AgentResource[]>([]);
  const [failed, setFailed] = useState(false);
  const [assigning, setAssigning] = useState<NumberResource | null>(null);
  const [adding, setAdding] = useState(false);
  const [releasing, setReleasing] = useState<NumberResource | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const [list, agentList] = await Promise.all([getJson<{ numbers: NumberResource[] }>("/api/numbers"), getJson<{ agents: AgentResource[] }>("/api/agents")]);
    if (!list.ok) {
      setFailed(true);
      toast({ variant: "destructive", title: "Failed to load phone numbers", description: list.error?.message });
      return;
    }
    setFailed(false);
    setNumbers(list.data.numbers);
    if (agentList.ok) setAgents(agentList.data.agents);
  }

  useEffect(() => void load(), []);
  const replace = (number: NumberResource) => setNumbers((list) => list?.map((row) => (row.id === number.id ? number : row)) ?? null);

  async function sync() {
    setBusy(true);
    const result = await postJson<{ sync: { updated: number; removed: number; elsewhere: number } }>("/api/numbers/sync", {});
    setBusy(false);
    if (!result.ok) return void toast({ variant: "destructive", title: "Failed to sync numbers.", description: result.error?.message });
    const { updated, removed, elsewhere } = result.data.sync;
    toast({
      title: "Numbers Synced",
      description: `${updated} refreshed${removed ? `, ${removed} released in Twilio removed` : ""}${elsewhere ? `, ${elsewhere} pointing elsewhere` : ""}.`,
    });
    await load();
  }

  async function copyTwiml(number: NumberResource) {
    try {
      await navigator.clipboard.writeText(twimlFor(number));
      toast({ title: "TwiML Copied", description: "Paste it into the number's configuration in Twilio." });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy.", description: "Your browser did not allow copying." });
    }
  }

  async function pointHere(number: NumberResource) {
    const result = await api<{ number: NumberResource }>("PATCH", `/api/numbers/${number.id}`, { point_webhooks_here: true });
    if (!result.ok) return void toast({ variant: "destructive", title: "Failed to update the number's webhooks.", description: result.error?.message });
    replace(result.data.number);
    toast({ title: "Webhooks Updated", description: `Calls to ${number.phone_number} now reach your agent.` });
  }

  async function release() {
    if (!releasing) return;
    setBusy(true);
    const result = await api("DELETE", `/api/numbers/${releasing.id}`);
    setBusy(false);
    if (result.ok) {
      setNumbers((list) => list?.filter((row) => row.id !== releasing.id) ?? null);
      toast({ title: "Number Released", description: `${releasing.phone_number} is no longer yours.` });
    } else toast({ variant: "destructive", title: "Failed to release number.", description: result.error?.message });
    setReleasing(null);
  }

  const addButton = (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
      Add Number
    </button>
  );

  return (
    <section className="card panel" aria-labelledby="numbers-title">
      <div className="panel-head">
        <div>
          <h2 id="numbers-title">Phone numbers</h2>
          <p>
            Each number rings the agent assigned to it. <a href="/dashboard/numbers/help">Inbound testing guide</a> ·{" "}
            <a href={TWILIO_CONSOLE} target="_blank" rel="noopener noreferrer">
              Twilio Console
            </a>
          </p>
        </div>
        <div className="agent-actions">
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void sync()}>
            {busy ? "Working..." : "Sync from Twilio"}
          </button>
          {addButton}
        </div>
      </div>
      {numbers === null ? (
        <LoadPending failed={failed} failure={"Failed to load phone numbers"} loading="Loading phone numbers…" onRetry={() => void load()} />
      ) : numbers.length === 0 ? (
        <div className="dash-empty">
          <p>No phone numbers found. Add numbers through Twilio Console.</p>
          {addButton}
        </div>
      ) : (
        <ul className="agent-list">
          {numbers.map((number) => {
            const badge = badgeOf(number);
            return (
              <li className="agent-row" key={number.id}>
                <div className="agent-main">
                  <h3>{number.phone_number}</h3>
                  <p className="muted">{number.friendly_name ?? "No name"}</p>
                  <p className="agent-numbers">{number.agent_name ? `Answered by ${number.agent_name}` : "No agent assigned"}</p>
                  {number.webhooks === "elsewhere" && <p className="field-error">Its Twilio webhooks point somewhere else: calls do not reach Nikki.</p>}
                </div>
                <span className={`badge ${badge.className}`}>{badge.label}</span>
                <div className="agent-actions">
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAssigning(number)} aria-label={`Assign ${number.phone_number}`}>
                    Assign
                  </button>
                  <TestCallButton
                    path={`/api/numbers/${number.id}/test-call`}
                    label={number.phone_number}
                    disabledReason={number.assigned_agent_id ? undefined : "Assign an agent first."}
                  />
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => void copyTwiml(number)}
                    aria-label={`Copy TwiML for ${number.phone_number}`}
                  >
                    Copy TwiML
                  </button>
                  {number.webhooks === "elsewhere" && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => void pointHere(number)}>
                      Point it here
                    </button>
                  )}
                  <button type="button" className="btn btn-danger btn-sm" onClick={() => setReleasing(number)} aria-label={`Release ${number.phone_number}`}>
                    Release
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AssignDialog
        number={assigning}
        agents={agents}
        onClose={() => setAssigning(null)}
        onAssigned={(number) => {
          replace(number);
          setAssigning(null);
        }}
      />
      <AddNumberDialog
        open={adding}
        onClose={() => setAdding(false)}
        onBought={(number) => {
          setNumbers((list) => [number, ...(list ?? [])]);
          setAdding(false);
        }}
      />
      <ConfirmDialog
        open={releasing !== null}
        title="Release this number?"
        message={`${releasing?.phone_number ?? ""} goes back to Twilio and stops ringing your agent. You may not get it back.`}
        confirmLabel="Release"
        pending={busy}
        onConfirm={() => void release()}
        onCancel={() => setReleasing(null)}
      />
    </section>
  );
}
