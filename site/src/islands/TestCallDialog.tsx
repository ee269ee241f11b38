import {
  DEMO_CALL_CONSENT,
  HOUSE_WIDGET_KEY,
  OPERATOR_CALL_MESSAGES,
  OPERATOR_PHONE_MESSAGES,
  TEST_CALL_COPY,
  demoCallErrorMessage,
  isOperatorE164,
} from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call } from "../lib/client";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import Modal from "./ui/Modal";
import "./form.css";

/** "Test Call My Phone" (spec 001 §2, §4, §5): an E.164 number, consent, then a real call; closes and clears on success. */
export default function TestCallDialog() {
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [calling, setCalling] = useState(false);
  const hydrated = useHydrated();

  async function ring(event: SubmitEvent) {
    event.preventDefault();
    const number = phone.trim();
    if (!number) return toast({ title: OPERATOR_PHONE_MESSAGES.requiredTitle, description: OPERATOR_PHONE_MESSAGES.required, variant: "destructive" });
    if (!isOperatorE164(number))
      return toast({ title: OPERATOR_PHONE_MESSAGES.invalidTitle, description: OPERATOR_PHONE_MESSAGES.invalid, variant: "destructive" });
    if (!consent) return toast({ title: TEST_CALL_COPY.consentRequired[0], description: TEST_CALL_COPY.consentRequired[1], variant: "destructive" });
    setCalling(true);
    const result = await call(api["demo-calls"].$post, { query: { key: HOUSE_WIDGET_KEY } }, { phone: number, consent: true, page_url: window.location.href });
    setCalling(false);
    if (!result.ok) {
      const message = result.status === 0 ? demoCallErrorMessage("network_error") : demoCallErrorMessage(result.error?.code, result.error?.message);
      return toast({ title: OPERATOR_CALL_MESSAGES.failedTitle, description: message || OPERATOR_CALL_MESSAGES.failed, variant: "destructive" });
    }
    toast({ title: OPERATOR_CALL_MESSAGES.dialingTitle, description: OPERATOR_CALL_MESSAGES.dialing(number) });
    setPhone("");
    setConsent(false);
    setOpen(false);
  }

  return (
    <>
      <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={() => setOpen(true)}>
        Test Call My Phone
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Test Call My Phone"
        titleId="test-call-title"
        lead="Nikki will call you within seconds. Answer and talk as a caller would."
        closeOnBackdrop
      >
        <form className="form" onSubmit={ring} noValidate>
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
      </Modal>
    </>
  );
}
