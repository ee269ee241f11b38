import { type AgentResource, type AvailableNumberResource, NUMBER_MESSAGES, type NumberResource } from "@nikki/core";
import { type FormEvent, useEffect, useState } from "react";
import { api, postJson } from "../../../lib/api";
import { useSubmit } from "../../../lib/use-submit";
import FormField, { FormAlert, TextField } from "../../FormField";
import { ModalHeader as Header, useModal } from "../Modal";

/** Assign Number (spec 001 §2): pick the agent that answers it. */
export function AssignDialog({
  number,
  agents,
  onClose,
  onAssigned,
}: {
  number: NumberResource | null;
  agents: AgentResource[];
  onClose(): void;
  onAssigned(number: NumberResource): void;
}) {
  const dialog = useModal(number !== null);
  const [agentId, setAgentId] = useState("");
  const { pending, errors, submit } = useSubmit<"assigned_agent_id">();
  useEffect(() => setAgentId(number?.assigned_agent_id ?? ""), [number]);

  async function assign(event: FormEvent) {
    event.preventDefault();
    const done = await submit({
      invalid: agentId ? {} : { assigned_agent_id: NUMBER_MESSAGES.agent },
      request: () => api<{ number: NumberResource }>("PATCH", `/api/numbers/${number!.id}`, { assigned_agent_id: agentId }),
      failure: { toast: "Failed to assign number. Please try again." },
      success: {
        title: "Number Assigned",
        description: `${number!.phone_number} is answered by ${agents.find((agent) => agent.id === agentId)?.name ?? "its agent"}.`,
      },
    });
    if (done) onAssigned(done.data.number);
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="assign-title" onClose={onClose}>
      <form className="dialog-body form" noValidate onSubmit={assign}>
        <Header id="assign-title" title="Assign Number" onClose={onClose} />
        <p className="dialog-lead">Calls and texts to {number?.phone_number} go to the agent you choose.</p>
        <FormField id="assign-agent" label="Agent" required error={errors.assigned_agent_id}>
          <select id="assign-agent" value={agentId} onChange={(event) => setAgentId(event.target.value)} disabled={pending}>
            <option value="">Choose an agent…</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
                {agent.status === "inactive" ? " (inactive)" : ""}
              </option>
            ))}
          </select>
        </FormField>
        {agents.length === 0 && (
          <p className="muted">
            You have no agents yet. <a href="/dashboard/agents">Create one first</a>.
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Assigning..." : "Assign"}
        </button>
      </form>
    </dialog>
  );
}

/** Add Number: search Twilio's numbers for sale, pick one, confirm, buy. */
export function AddNumberDialog({ open, onClose, onBought }: { open: boolean; onClose(): void; onBought(number: NumberResource): void }) {
  const dialog = useModal(open);
  const [areaCode, setAreaCode] = useState("");
  const [contains, setContains] = useState("");
  const [results, setResults] = useState<AvailableNumberResource[] | null>(null);
  const [price, setPrice] = useState<{ amount: string; currency: string } | null>(null);
  const [chosen, setChosen] = useState("");
  const [alert, setAlert] = useState<string | null>(null);
  const searching = useSubmit<"area_code" | "contains" | "country">();
  const buying = useSubmit<"phone_number">();

  useEffect(() => {
    if (!open) return;
    setResults(null);
    setChosen("");
    setAlert(null);
  }, [open]);

  async function search(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const found = await searching.submit({
      invalid: {
        ...(areaCode && !/^\d{3}$/.test(areaCode) ? { area_code: NUMBER_MESSAGES.areaCode } : {}),
        ...(contains && !/^\d{1,10}$/.test(contains) ? { contains: NUMBER_MESSAGES.contains } : {}),
      },
      request: () =>
        postJson<{ available: AvailableNumberResource[]; monthly_price: { amount: string; currency: string } | null }>("/api/numbers/search", {
          ...(areaCode ? { area_code: areaCode } : {}),
          ...(contains ? { contains } : {}),
        }),
      failure: { show: setAlert, fallback: "The search did not work just now. Please try again." },
    });
    if (found) {
      setResults(found.data.available);
      setPrice(found.data.monthly_price);
      setChosen(found.data.available[0]?.phone_number ?? "");
    }
  }

  async function buy() {
    const bought = await buying.submit({
      request: () => postJson<{ number: NumberResource }>("/api/numbers", { phone_number: chosen }),
      failure: { show: setAlert, fallback: "Twilio did not sell that number just now. Please try again." },
      success: { title: "Number Added", description: `${chosen} is yours. Assign an agent to answer it.` },
    });
    if (bought) onBought(bought.data.number);
  }

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="add-number-title" onClose={onClose}>
      <div className="dialog-body form">
        <Header id="add-number-title" title="Add Number" onClose={onClose} />
        <form className="number-search" noValidate onSubmit={search}>
          <TextField
            id="search-area"
            label="Area code"
            inputMode="numeric"
            maxLength={3}
            placeholder="415"
            value={areaCode}
            onValue={setAreaCode}
            error={searching.errors.area_code}
          />
          <TextField
            id="search-contains"
            label="Digits it contains"
            inputMode="numeric"
            maxLength={10}
            placeholder="2671"
            value={contains}
            onValue={setContains}
            error={searching.errors.contains}
          />
          <button type="submit" className="btn btn-secondary" disabled={searching.pending}>
            {searching.pending ? "Searching..." : "Search"}
          </button>
        </form>
        {results !== null &&
          (results.length === 0 ? (
            <p className="muted" role="status">
              No numbers match. Try another area code or fewer digits.
            </p>
          ) : (
            <fieldset className="plain-fieldset number-results">
              <legend className="step-legend">Numbers for sale</legend>
              {results.map((number) => (
                <label className="consent" key={number.phone_number}>
                  <input
                    type="radio"
                    name="number-choice"
                    value={number.phone_number}
                    checked={chosen === number.phone_number}
                    onChange={() => setChosen(number.phone_number)}
                  />
                  <span>
                    {number.friendly_name} <span className="muted">· {[number.locality, number.region].filter(Boolean).join(", ")}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        <FormAlert>{alert}</FormAlert>
        {chosen && (
          <>
            <p className="muted" role="note">
              {price
                ? `Twilio bills ${new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency }).format(Number(price.amount))} a month for this number, to the account it is bought on. Release it here to stop.`
                : "Twilio bills this number every month to the account it is bought on. Release it here to stop."}
            </p>
            <button type="button" className="btn btn-primary btn-block" disabled={buying.pending} onClick={() => void buy()}>
              {buying.pending ? "Buying..." : `Buy ${chosen}`}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
