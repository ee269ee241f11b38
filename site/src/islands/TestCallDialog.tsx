import {
  DEMO_CALL_CONSENT,
  HOUSE_WIDGET_KEY,
  OPERATOR_CALL_MESSAGES,
  OPERATOR_PHONE_MESSAGES,
  TEST_CALL_COPY,
  demoCallErrorMessage,
  isOperatorE164,
} from "@nikki/core";
import { type FormEvent, useRef, useState } from "react";
import { postJson } from "../lib/api";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import "./dialog.css";
import "./form.css";

/** "Test Call My Phone" (spec 001 §2, §4, §5): an E.164 number, consent, then a real call; closes and clears on success. */
export default function TestCallDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [calling, setCalling] = useState(false);
  const hydrated = useHydrated();
  const close = () => dialog.current?.close();

  async function call(event: FormEvent) {
    event.preventDefault();
    const number = phone.trim();
    if (!number) return toast({ title: OPERATOR_PHONE_MESSAGES.requiredTitle, description: OPERATOR_PHONE_MESSAGES.required, variant: "destructive" });
    if (!isOperatorE164(number))
      return toast({ title: OPERATOR_PHONE_MESSAGES.invalidTitle, description: OPERATOR_PHONE_MESSAGES.invalid, variant: "destructive" });
    if (!consent) return toast({ title: TEST_CALL_COPY.consentRequired[0], description: TEST_CALL_COPY.consentRequired[1], variant: "destructive" });
    setCalling(true);
    const result = await postJson(`/api/demo-calls?key=${HOUSE_WIDGET_KEY}`, { phone: number, consent: true, page_url: window.location.href });
    setCalling(false);
    if (!result.ok) {
      const message = result.status === 0 ? demoCallErrorMessage("network_error") : demoCallErrorMessage(result.error?.code, result.error?.message);
      return toast({ title: OPERATOR_CALL_MESSAGES.failedTitle, description: message || OPERATOR_CALL_MESSAGES.failed, variant: "destructive" });
    }
    toast({ title: OPERATOR_CALL_MESSAGES.dialingTitle, description: OPERATOR_CALL_MESSAGES.dialing(number) });
    setPhone("");
    setConsent(false);
    close();
  }

  return (
    <>
      <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={() => dialog.current?.showModal()}>
        Test Call My Phone
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="test-call-title" onClick={(event) => event.target === dialog.current && close()}>
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id="test-call-title">Test Call My Phone</h2>
            <button type="button" className="dialog-close" aria-label="Close" onClick={close}>
              ×
            </button>
          </header>
          <p className="dialog-lead">Nikki will call you within seconds. Answer and talk as a caller would.</p>
          <form className="form" onSubmit={call} noValidate>
            <fieldset disabled={calling} className="plain-fieldset">
              <div className="field">
                <label htmlFor="live-phone">Mobile number</label>
                <input
                  id="live-phone"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+14155552671"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                />
              </div>
              <label className="consent">
                <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
                <span>{DEMO_CALL_CONSENT.text}</span>
              </label>
              <button type="submit" className="btn btn-primary btn-block">
                {calling ? "Calling..." : "Call Me"}
              </button>
            </fieldset>
          </form>
        </div>
      </dialog>
    </>
  );
}
