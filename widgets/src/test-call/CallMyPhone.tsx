import { TEST_CALL_COPY } from "@nikki/core/widget-copy";
import { useEffect, useState } from "react";
import type { WidgetContext } from "../lib/contract";
import type { Toast } from "../lib/toasts";
import { checkCallForm, placeCall } from "./call-request";
import { ConsentCheckbox } from "./ConsentCheckbox";
import { PhoneField } from "./PhoneField";
import { ScheduleDialog } from "./ScheduleDialog";

type Phase = { name: "idle" } | { name: "calling" } | { name: "success" } | { name: "error"; message: string };

interface Props {
  context: WidgetContext;
  toast(tone: Toast["tone"], title: string, message?: string): void;
}

/** The Call My Phone tab (spec 000 §2, §4): idle → calling → success (back to idle after 5 s) or error. */
export function CallMyPhone({ context, toast }: Props) {
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [scheduling, setScheduling] = useState(false);
  const demos = `${context.base}/demos`;

  useEffect(() => {
    if (phase.name !== "success") return;
    const reset = setTimeout(() => {
      setPhase({ name: "idle" });
      setPhone("");
      setConsent(false);
    }, 5_000);
    return () => clearTimeout(reset);
  }, [phase]);

  async function call(event: Event) {
    event.preventDefault();
    const checked = checkCallForm(phone, consent);
    if ("problem" in checked) return toast("error", ...checked.problem);
    setPhase({ name: "calling" });
    const result = await placeCall(context, checked.e164);
    if (result.ok) {
      setPhase({ name: "success" });
      toast("success", TEST_CALL_COPY.dialing);
    } else {
      setPhase({ name: "error", message: result.message });
      toast("error", TEST_CALL_COPY.failedTitle, result.message);
    }
  }

  const schedule = scheduling && <ScheduleDialog context={context} phone={phone} onClose={() => setScheduling(false)} toast={toast} />;

  if (phase.name === "calling" || phase.name === "success") {
    return (
      <div class="state" role="status">
        {phase.name === "calling" ? (
          <span class="spinner" aria-hidden="true" />
        ) : (
          <span class="done" aria-hidden="true">
            ✓
          </span>
        )}
        <p>{phase.name === "calling" ? TEST_CALL_COPY.calling : TEST_CALL_COPY.success}</p>
      </div>
    );
  }

  if (phase.name === "error") {
    return (
      <div class="state error">
        <p role="alert">{phase.message}</p>
        <div class="actions">
          <button type="button" class="btn" onClick={() => setPhase({ name: "idle" })}>
            Try again
          </button>
          <button type="button" class="btn secondary" onClick={() => setScheduling(true)}>
            Schedule for later
          </button>
        </div>
        <a href={demos} target="_top">
          Listen to a sample call
        </a>
        {schedule}
      </div>
    );
  }

  return (
    <form class="call-form" onSubmit={call} noValidate>
      <PhoneField id="nikki-phone" label="Your phone number" value={phone} onChange={setPhone} />
      <ConsentCheckbox checked={consent} onChange={setConsent} />
      <button type="submit" class="btn wide">
        Call Me Now
      </button>
      <div class="row">
        <button type="button" class="link" onClick={() => setScheduling(true)}>
          Schedule for later
        </button>
        <a href={demos} target="_top">
          No phone? Hear a sample
        </a>
      </div>
      {schedule}
    </form>
  );
}
