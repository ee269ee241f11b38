import { type AnsweredBy, OPERATOR_PHONE_MESSAGES, PHONE_EXAMPLES, type Region, TEST_CALL_MESSAGES, isOperatorE164, parsePhone } from "@nikki/core";
import { type SubmitEvent, useEffect, useId, useState } from "react";
import { type ApiResult, type DataOf, api, call } from "../../lib/client";
import { useMe, useRegion } from "../../lib/me";
import { toast } from "../../lib/toast";
import { usePoll } from "../../lib/use-poll";
import { useSubmit } from "../../lib/use-submit";
import { TextField } from "../FormField";
import Modal from "../ui/Modal";

/** What every test-call route answers: the call placed (the agents', the numbers', Voice Operations'). */
type Placed = DataOf<(typeof api.agents)[":id"]["test-call"]["$post"]>;

const OUTCOMES: Record<string, string> = {
  completed: "Test call ended",
  "no-answer": "No answer",
  busy: "The line was busy",
  failed: "The call could not be connected",
  canceled: "The call was canceled",
};

const ANSWERED_BY_TITLES: Partial<Record<AnsweredBy, string>> = { machine: "Reached your voicemail", fax: "A fax machine answered" };

type Outcome = DataOf<(typeof api)["test-calls"][":callSid"]["$get"]>["test_call"];

/** How the call went, asked every few seconds for up to three minutes. */
const FOLLOW_MS = 3_000;
const FOLLOW_FOR_MS = 180_000;

/** Says how a test call ended, once it has. */
function tellOutcome({ status, duration_seconds: seconds, answered_by: answeredBy, message }: Outcome) {
  // A machine answered: the agent left a message (or hung up on a fax), and the status says so in plain words.
  if (answeredBy && message) {
    toast({ title: ANSWERED_BY_TITLES[answeredBy] ?? "Test call ended", description: message });
    return;
  }
  const length = seconds ? ` after ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : "";
  const title = OUTCOMES[status] ?? "Test call ended";
  toast({
    variant: status === "completed" ? "default" : "destructive",
    title,
    description: status === "completed" ? `The call ended${length}. It is in Calls with its transcript.` : "Try again when you can pick up.",
  });
}

/** What the button and its toasts say: an agent's or number's own, or Voice Operations' (spec 001 §8). */
export interface TestCallCopy {
  button: string;
  /** Also say a missing or malformed number in a toast, with the spec's titles (the operator pages). */
  toastInvalid?: boolean;
  failure: { title: string; fallback?: string };
  dialing(to: string, from: string): string;
}

const AGENT_COPY: TestCallCopy = {
  button: "Test Call",
  failure: { title: "Test call failed." },
  dialing: (to, from) => `Calling ${to} from ${from}. Answer to hear your agent.`,
};

/**
 * What is wrong with a typed phone, or null: the operator pages keep the spec's E.164 check and messages; an owner's
 * test call reads the phone in the organization's region, as the server does.
 */
function phoneProblem(typed: string, region: Region, operator: boolean): string | null {
  if (operator) return isOperatorE164(typed) ? null : typed ? OPERATOR_PHONE_MESSAGES.invalid : OPERATOR_PHONE_MESSAGES.required;
  return parsePhone(typed, region).ok ? null : typed ? TEST_CALL_MESSAGES.phone : TEST_CALL_MESSAGES.phoneNeeded;
}

/**
 * Test Call: rings the signed-in user's own phone from this agent's (or number's) line, answered exactly as a caller
 * would be. The phone is asked once and kept on the profile.
 */
export default function TestCallButton({
  place,
  label,
  disabledReason,
  copy = AGENT_COPY,
}: {
  /** The route that places the call, with the phone when one was typed. */
  place(body: { phone?: string }): Promise<ApiResult<Placed>>;
  label: string;
  disabledReason?: string;
  copy?: TestCallCopy;
}) {
  const me = useMe();
  const region = useRegion();
  const operator = Boolean(copy.toastInvalid);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [known, setKnown] = useState<string | null>(null);
  const { pending, errors, submit } = useSubmit<"phone">();
  /** The call placed last, followed until it ends. */
  const [following, setFollowing] = useState<string | null>(null);

  useEffect(() => setKnown(me?.user.phone ?? null), [me]);
  usePoll(following, {
    read: () => call(api["test-calls"][":callSid"].$get, { param: { callSid: following ?? "" } }),
    intervalMs: FOLLOW_MS,
    giveUpAfterMs: FOLLOW_FOR_MS,
    onAnswer: ({ test_call: outcome }) => {
      if (outcome.ended) tellOutcome(outcome);
    },
    until: ({ test_call: outcome }) => outcome.ended,
  });

  async function ring(event: SubmitEvent) {
    event.preventDefault();
    const typed = phone.trim();
    const problem = known && !typed ? null : phoneProblem(typed, region, operator);
    const invalid = problem ? { phone: problem } : {};
    if (invalid.phone && operator) {
      const { invalidTitle, requiredTitle } = OPERATOR_PHONE_MESSAGES;
      toast({ variant: "destructive", title: typed ? invalidTitle : requiredTitle, description: invalid.phone });
    }
    const placed = await submit({
      invalid,
      request: () => place(typed ? { phone: typed } : {}),
      failure: { toast: copy.failure.title, fallback: copy.failure.fallback },
    });
    if (!placed) return;
    const { to, from, call_sid } = placed.data.test_call;
    setKnown(to);
    setOpen(false);
    toast({ title: "Dialing…", description: copy.dialing(to, from) });
    setFollowing(call_sid);
  }

  // An id of its own: a label ("+1 737-555-0100") has spaces, and aria-labelledby would read them as several ids.
  const titleId = useId();

  function start() {
    setPhone(known ?? "");
    setOpen(true);
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={start}
        disabled={Boolean(disabledReason) || pending}
        title={disabledReason}
        aria-label={copy === AGENT_COPY ? `Test call ${label}` : undefined}
      >
        {pending ? "Dialing…" : copy.button}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Test call"
        titleId={titleId}
        lead={`We'll ring your phone and ${label} answers, exactly as a caller would hear it.`}
        onSubmit={ring}
      >
        <TextField
          id={`test-call-phone-${label}`}
          label="Your mobile number"
          type="tel"
          inputMode="tel"
          placeholder={operator ? "+14155552671" : PHONE_EXAMPLES[region]}
          hint={operator ? "E.164, like +14155552671. Kept on your profile for next time." : "Kept on your profile for next time."}
          value={phone}
          onValue={setPhone}
          error={errors.phone}
          disabled={pending}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
          {pending ? "Dialing…" : "Call Me"}
        </button>
      </Modal>
    </>
  );
}
