import { OPERATOR_PHONE_MESSAGES, isOperatorE164 } from "@nikki/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { postJson } from "../../lib/api";
import { loadMe } from "../../lib/me";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/use-submit";
import { TextField } from "../FormField";

/**
 * Test Call: rings the signed-in user's own phone from this agent's (or number's) line, answered exactly as a caller
 * would be. The phone is asked once and kept on the profile.
 */
export default function TestCallButton({ path, label, disabledReason }: { path: string; label: string; disabledReason?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [phone, setPhone] = useState("");
  const [known, setKnown] = useState<string | null>(null);
  const { pending, errors, submit } = useSubmit<"phone">();

  useEffect(() => void loadMe().then((me) => setKnown(me?.user.phone ?? null)), []);

  async function ring(event?: FormEvent) {
    event?.preventDefault();
    const typed = phone.trim();
    const placed = await submit({
      invalid: known || isOperatorE164(typed) ? {} : { phone: typed ? OPERATOR_PHONE_MESSAGES.invalid : OPERATOR_PHONE_MESSAGES.required },
      request: () => postJson<{ test_call: { to: string; from: string } }>(path, typed ? { phone: typed } : {}),
      failure: { toast: "Test call failed." },
    });
    if (!placed) return;
    const { to, from } = placed.data.test_call;
    setKnown(to);
    dialog.current?.close();
    toast({ title: "Dialing…", description: `Calling ${to} from ${from}. Answer to hear your agent.` });
  }

  function open() {
    setPhone(known ?? "");
    dialog.current?.showModal();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={open}
        disabled={Boolean(disabledReason) || pending}
        title={disabledReason}
        aria-label={`Test call ${label}`}
      >
        {pending ? "Dialing…" : "Test Call"}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`test-call-${label}`}>
        <form className="dialog-body form" noValidate onSubmit={ring}>
          <header className="dialog-header">
            <h2 id={`test-call-${label}`}>Test call</h2>
            <button type="button" className="dialog-close" aria-label="Close" onClick={() => dialog.current?.close()}>
              ×
            </button>
          </header>
          <p className="dialog-lead">We'll ring your phone and {label} answers, exactly as a caller would hear it.</p>
          <TextField
            id={`test-call-phone-${label}`}
            label="Your mobile number"
            type="tel"
            inputMode="tel"
            placeholder="+14155552671"
            hint="E.164, like +14155552671. Kept on your profile for next time."
            value={phone}
            onValue={setPhone}
            error={errors.phone}
            disabled={pending}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Dialing…" : "Call Me"}
          </button>
        </form>
      </dialog>
    </>
  );
}
