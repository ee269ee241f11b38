import { NUMBER_MESSAGES, TWILIO_SETUP_COPY, displayPhone } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { toast } from "../../../lib/toast";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import ConfirmDialog from "../ConfirmDialog";
import TestCallButton from "../TestCallButton";
import { AddNumberDialog, AssignDialog, type PhoneNumber } from "./dialogs";
import "../../form.css";
import "../agents/agents.css";

const TWILIO_CONSOLE = "https://console.twilio.com/us1/develop/phone-numbers/manage/incoming";

const statusOf = (number: PhoneNumber) => (number.assigned_agent_id ? number.status : "unassigned");

/** The number's own name, unless it is only the number written another way ("(720) 555-0100", Twilio's default). */
const ownName = (number: PhoneNumber) => (number.friendly_name && !/^[\d\s()+.-]*$/.test(number.friendly_name) ? number.friendly_name : null);

/** This deployment's webhooks and the TwiML it answers a call with, for a number set up by hand. */
function twimlFor(number: PhoneNumber) {
  const origin = window.location.origin;
  return [
    `Voice webhook (POST): ${origin}/twilio/voice/inbound`,
    `Messaging webhook (POST): ${origin}/twilio/messaging/inbound`,
    `Status callback (POST): ${origin}/twilio/voice/status`,
    "",
    `A call to ${displayPhone(number.phone_number)} is answered with:`,
    "<Response>",
    `  <Connect action="${origin}/twilio/voice/after-stream"><Stream url="${origin.replace(/^http/, "ws")}/twilio/stream/{CallSid}"/></Connect>`,
    "</Response>",
  ].join("\n");
}

/** Numbers (spec 001 §2): the organization's numbers with their agents; buy, assign, sync, copy TwiML, release. */
export default function NumbersPage() {
  const numbers = useResource(() => call(api.numbers.$get), { failure: "Failed to load phone numbers" });
  // The Assign dialog's choices; should they fail to load, the toast says so and the dialog offers none.
  const agents = useResource(() => call(api.agents.$get), { failure: "Failed to load agents" });
  const [assigning, setAssigning] = useState<PhoneNumber | null>(null);
  const [adding, setAdding] = useState(false);
  const [releasing, setReleasing] = useState<PhoneNumber | null>(null);
  const action = useAction();
  const replace = (number: PhoneNumber) => numbers.update((list) => ({ numbers: list.numbers.map((row) => (row.id === number.id ? number : row)) }));

  async function sync() {
    const done = await action.run({
      key: "sync",
      request: () => call(api.numbers.sync.$post, undefined, {}),
      failure: "Failed to refresh numbers.",
      success: ({ sync: { updated, removed, elsewhere } }) => ({
        title: "Numbers Refreshed",
        description: `${updated} refreshed${removed ? `, ${removed} no longer on the phone account removed` : ""}${elsewhere ? `, ${elsewhere} pointing elsewhere` : ""}.`,
      }),
    });
    if (done) await numbers.reload();
  }

  async function copyTwiml(number: PhoneNumber) {
    try {
      await navigator.clipboard.writeText(twimlFor(number));
      toast({ title: TWILIO_SETUP_COPY.copiedTitle, description: TWILIO_SETUP_COPY.copied });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy.", description: "Your browser did not allow copying." });
    }
  }

  async function pointHere(number: PhoneNumber) {
    const done = await action.run({
      key: number.id,
      request: () => call(api.numbers[":id"].$patch, { param: { id: number.id } }, { point_webhooks_here: true }),
      failure: "Failed to update the number's webhooks.",
      success: { title: "Webhooks Updated", description: `Calls to ${displayPhone(number.phone_number)} now reach your agent.` },
    });
    if (done) replace(done.data.number);
  }

  async function release(number: PhoneNumber) {
    const done = await action.run({
      key: "release",
      request: () => call(api.numbers[":id"].$delete, { param: { id: number.id } }),
      failure: "Failed to release number.",
      success: { title: "Number Released", description: `${displayPhone(number.phone_number)} is no longer yours.` },
    });
    if (done) numbers.update((list) => ({ numbers: list.numbers.filter((row) => row.id !== number.id) }));
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
          <button type="button" className="btn btn-secondary btn-sm" disabled={action.busy("sync")} onClick={() => void sync()}>
            {action.busy("sync") ? "Working..." : "Refresh numbers"}
          </button>
          {addButton}
        </div>
      </div>
      <Loaded resource={numbers} loading="Loading phone numbers…">
        {({ numbers: rows }) =>
          rows.length === 0 ? (
            <EmptyState message={NUMBER_MESSAGES.empty}>{addButton}</EmptyState>
          ) : (
            <>
              <ul className="agent-list">
                {rows.map((number) => {
                  const shown = displayPhone(number.phone_number);
                  const name = ownName(number);
                  return (
                    <li className="agent-row" key={number.id}>
                      <div className="agent-main">
                        <h3>{shown}</h3>
                        {name && <p className="muted">{name}</p>}
                        <p className="agent-numbers">{number.agent_name ? `Answered by ${number.agent_name}` : "No agent assigned"}</p>
                        {number.webhooks === "elsewhere" && (
                          <p className="field-error">Its call settings point somewhere else: calls do not reach your agent.</p>
                        )}
                      </div>
                      <StatusBadge kind="number" status={statusOf(number)} />
                      <div className="agent-actions">
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() => setAssigning(number)}
                          aria-label={`${number.assigned_agent_id ? "Change agent" : "Assign"} ${shown}`}
                        >
                          {number.assigned_agent_id ? "Change agent" : "Assign"}
                        </button>
                        <TestCallButton
                          place={(phone) => call(api.numbers[":id"]["test-call"].$post, { param: { id: number.id } }, phone)}
                          label={shown}
                          disabledReason={number.assigned_agent_id ? undefined : "Assign an agent first."}
                        />
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() => void copyTwiml(number)}
                          aria-label={TWILIO_SETUP_COPY.label(shown)}
                          aria-describedby="twilio-setup-hint"
                        >
                          {TWILIO_SETUP_COPY.button}
                        </button>
                        {number.webhooks === "elsewhere" && (
                          <button type="button" className="btn btn-secondary btn-sm" disabled={action.busy(number.id)} onClick={() => void pointHere(number)}>
                            Point it here
                          </button>
                        )}
                        <button type="button" className="btn btn-danger btn-sm" onClick={() => setReleasing(number)} aria-label={`Release ${shown}`}>
                          Release
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <p className="field-hint" id="twilio-setup-hint">
                {TWILIO_SETUP_COPY.hint}
              </p>
            </>
          )
        }
      </Loaded>
      <AssignDialog
        number={assigning}
        agents={agents.data?.agents ?? []}
        onClose={() => setAssigning(null)}
        onAssigned={(number) => {
          replace(number);
          setAssigning(null);
        }}
      />
      <AddNumberDialog
        open={adding}
        agents={agents.data?.agents ?? []}
        onClose={() => setAdding(false)}
        onBought={(number) => {
          numbers.update((list) => ({ numbers: [number, ...list.numbers] }));
          setAdding(false);
        }}
      />
      <ConfirmDialog
        open={releasing !== null}
        title="Release this number?"
        message={`${releasing ? displayPhone(releasing.phone_number) : ""} goes back to the phone company and stops ringing your agent. You may not get it back.`}
        confirmLabel="Release"
        pending={action.busy("release")}
        onConfirm={() => releasing && void release(releasing)}
        onCancel={() => setReleasing(null)}
      />
    </section>
  );
}
