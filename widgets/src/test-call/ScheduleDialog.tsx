import { TEST_CALL_COPY } from "@nikki/core/widget-copy";
import { useState } from "react";
import { Dialog } from "../lib/Dialog";
import type { WidgetContext } from "../lib/contract";
import type { Toast } from "../lib/toasts";
import { checkSchedule, scheduleCall } from "./call-request";
import { ConsentCheckbox } from "./ConsentCheckbox";
import { PhoneField } from "./PhoneField";

interface Props {
  context: WidgetContext;
  phone: string;
  onClose(): void;
  toast(tone: Toast["tone"], title: string, message?: string): void;
}

/** `datetime-local` wants local time without seconds or zone. */
function localNow() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The Schedule Test Call dialog (spec 000 §2, §5): phone, a date-time no earlier than now, consent. */
export function ScheduleDialog({ context, phone: initialPhone, onClose, toast }: Props) {
  const [phone, setPhone] = useState(initialPhone);
  const [when, setWhen] = useState("");
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const opener = (document.activeElement?.shadowRoot?.activeElement ?? null) as HTMLElement | null;

  async function submit(event: Event) {
    event.preventDefault();
    const checked = checkSchedule(phone, consent, when);
    if ("problem" in checked) return toast("error", ...checked.problem);
    setPending(true);
    const result = await scheduleCall(context, checked.e164, checked.at);
    setPending(false);
    if (!result.ok) return toast("error", TEST_CALL_COPY.scheduleFailedTitle, result.message);
    toast("success", TEST_CALL_COPY.scheduled);
    onClose();
  }

  return (
    <Dialog title="Schedule Test Call" onClose={onClose} returnFocus={opener}>
      <form class="call-form" onSubmit={submit} noValidate>
        <fieldset disabled={pending}>
          <PhoneField id="nikki-schedule-phone" label="Phone number" value={phone} onChange={setPhone} />
          <div>
            <label for="nikki-schedule-when">Date and time</label>
            <input
              id="nikki-schedule-when"
              class="field"
              type="datetime-local"
              min={localNow()}
              value={when}
              onInput={(event) => setWhen(event.currentTarget.value)}
            />
          </div>
          <ConsentCheckbox checked={consent} onChange={setConsent} />
          <div class="actions">
            <button type="button" class="btn secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" class="btn">
              {pending ? "Scheduling..." : "Schedule Call"}
            </button>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
