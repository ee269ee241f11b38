import { NUMBER_MESSAGES, TRANSFER_LINE_MESSAGES, agentsTransferringTo, displayPhone, numberSearchSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useRegion } from "../../../lib/me";
import { useSubmit } from "../../../lib/use-submit";
import FormField, { FormAlert, TextField } from "../../FormField";
import Modal from "../../ui/Modal";

export type PhoneNumber = DataOf<typeof api.numbers.$get>["numbers"][number];
export type Agent = DataOf<typeof api.agents.$get>["agents"][number];
type Found = DataOf<typeof api.numbers.search.$post>;

/** Assign Number (spec 001 §2): pick the agent that answers it. */
export function AssignDialog({
  number,
  agents,
  onClose,
  onAssigned,
}: {
  number: PhoneNumber | null;
  agents: readonly Agent[];
  onClose(): void;
  onAssigned(number: PhoneNumber): void;
}) {
  const [agentId, setAgentId] = useState("");
  const { pending, errors, submit } = useSubmit<"assigned_agent_id">();
  useEffect(() => setAgentId(number?.assigned_agent_id ?? ""), [number]);
  const region = useRegion();
  const chosenAgent = agents.find((agent) => agent.id === agentId);
  // The agent chosen transfers callers to this very number: its transfers would ring the same line.
  const loops = number && chosenAgent ? agentsTransferringTo(number.phone_number, [chosenAgent], region).length > 0 : false;

  async function assign(event: SubmitEvent) {
    event.preventDefault();
    if (!number) return;
    const done = await submit({
      invalid: agentId ? {} : { assigned_agent_id: NUMBER_MESSAGES.agent },
      request: () => call(api.numbers[":id"].$patch, { param: { id: number.id } }, { assigned_agent_id: agentId }),
      failure: { toast: "Failed to assign number. Please try again." },
      success: {
        title: "Number Assigned",
        description: `${displayPhone(number.phone_number)} is answered by ${agents.find((agent) => agent.id === agentId)?.name ?? "its agent"}.`,
      },
    });
    if (done) onAssigned(done.data.number);
  }

  return (
    <Modal
      open={number !== null}
      onClose={onClose}
      title="Assign Number"
      titleId="assign-title"
      lead={`Calls and texts to ${number ? displayPhone(number.phone_number) : ""} go to the agent you choose.`}
      onSubmit={assign}
    >
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
      {loops && (
        <p className="wizard-warning" role="note">
          {TRANSFER_LINE_MESSAGES.assign(displayPhone(number!.phone_number), chosenAgent!.name)}
        </p>
      )}
      {agents.length === 0 && (
        <p className="muted">
          You have no agents yet. <a href="/dashboard/agents">Create one first</a>.
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? "Assigning..." : "Assign"}
      </button>
    </Modal>
  );
}

const monthly = (price: NonNullable<Found["monthly_price"]>) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: price.currency }).format(Number(price.amount));

/** Add Number: search Twilio's numbers for sale, pick one, confirm, buy. */
export function AddNumberDialog({
  open,
  agents,
  onClose,
  onBought,
}: {
  open: boolean;
  /** The organization's agents: buying one's transfer number is warned about. */
  agents: readonly Agent[];
  onClose(): void;
  onBought(number: PhoneNumber): void;
}) {
  const [areaCode, setAreaCode] = useState("");
  const [contains, setContains] = useState("");
  const [found, setFound] = useState<Found | null>(null);
  const [chosen, setChosen] = useState("");
  const [alert, setAlert] = useState<string | null>(null);
  const searching = useSubmit<"area_code" | "contains" | "country">();
  const buying = useSubmit<"phone_number">();
  const transferringTo = agentsTransferringTo(chosen, agents, useRegion());

  useEffect(() => {
    if (!open) return;
    setFound(null);
    setChosen("");
    setAlert(null);
  }, [open]);

  async function search(event: SubmitEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = parseFields(numberSearchSchema, { ...(areaCode ? { area_code: areaCode } : {}), ...(contains ? { contains } : {}) });
    const done = await searching.submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.numbers.search.$post, undefined, parsed.ok ? parsed.data : {}),
      failure: { show: setAlert, fallback: "The search did not work just now. Please try again." },
    });
    if (done) {
      setFound(done.data);
      setChosen(done.data.available[0]?.phone_number ?? "");
    }
  }

  async function buy() {
    const bought = await buying.submit({
      request: () => call(api.numbers.$post, undefined, { phone_number: chosen }),
      failure: { show: setAlert, fallback: "That number could not be bought just now. Please try again." },
      success: { title: "Number Added", description: `${displayPhone(chosen)} is yours. Assign an agent to answer it.` },
    });
    if (bought) onBought(bought.data.number);
  }

  return (
    <Modal open={open} onClose={onClose} title="Add Number" titleId="add-number-title" className="dialog-form">
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
      {found !== null &&
        (found.available.length === 0 ? (
          <p className="muted" role="status">
            No numbers match. Try another area code or fewer digits.
          </p>
        ) : (
          <fieldset className="plain-fieldset number-results">
            <legend className="step-legend">Numbers for sale</legend>
            {found.available.map((number) => (
              <label className="consent" key={number.phone_number}>
                <input
                  type="radio"
                  name="number-choice"
                  value={number.phone_number}
                  checked={chosen === number.phone_number}
                  onChange={() => setChosen(number.phone_number)}
                />
                <span>
                  {displayPhone(number.phone_number)} <span className="muted">· {[number.locality, number.region].filter(Boolean).join(", ")}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ))}
      <FormAlert>{alert}</FormAlert>
      {chosen && (
        <>
          <p className="muted" role="note">
            {found?.monthly_price
              ? `Phone line charge: ${monthly(found.monthly_price)} a month for this number, until you release it here.`
              : "Phone line charge: this number is charged every month until you release it here."}
          </p>
          {transferringTo.length > 0 && (
            <p className="wizard-warning" role="note">
              {TRANSFER_LINE_MESSAGES.buy(displayPhone(chosen), transferringTo)}
            </p>
          )}
          <button type="button" className="btn btn-primary btn-block" disabled={buying.pending} onClick={() => void buy()}>
            {buying.pending ? "Buying..." : `Buy ${displayPhone(chosen)}`}
          </button>
        </>
      )}
    </Modal>
  );
}
