import { CALL_MESSAGES, type CallDetailResource } from "@nikki/core";
import { type FormEvent, useState } from "react";
import { postJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSubmit } from "../../../lib/use-submit";
import { TextField } from "../../FormField";

/** The call's actions with the spec's enable rules: Re-run AI Analysis, Push to CRM (processed calls), Send SMS. */
export default function CallActions({ call, onReprocess }: { call: CallDetailResource; onReprocess(): void }) {
  const [pushing, setPushing] = useState(false);
  const [texting, setTexting] = useState(false);
  const [body, setBody] = useState("");
  const sms = useSubmit<"body">();
  const caller = call.from_number;

  async function push() {
    setPushing(true);
    const result = await postJson<{ message: string }>(`/api/calls/${call.id}/push-crm`, {});
    setPushing(false);
    if (result.ok) toast({ title: CALL_MESSAGES.pushed, description: "The caller is in your CRM." });
    else toast({ variant: "destructive", title: CALL_MESSAGES.pushFailed, description: result.error?.message });
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const done = await sms.submit({
      invalid: body.trim() ? {} : { body: CALL_MESSAGES.smsBody },
      request: () => postJson(`/api/calls/${call.id}/sms`, { body }),
      failure: { toast: CALL_MESSAGES.smsFailed },
      success: { title: CALL_MESSAGES.smsSent, description: `Texted ${caller}.` },
    });
    if (done) {
      setBody("");
      setTexting(false);
    }
  }

  return (
    <div className="call-actions">
      <div className="agent-actions">
        {(call.processing_status === "failed" || call.transcript.length > 0) && (
          <button type="button" className="btn btn-secondary btn-sm" disabled={call.processing_status === "pending"} onClick={onReprocess}>
            Re-run AI Analysis
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={pushing || call.processing_status !== "processed"}
          title={call.processing_status === "processed" ? undefined : CALL_MESSAGES.notProcessed}
          onClick={() => void push()}
        >
          {pushing ? "Pushing..." : "Push to CRM"}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" aria-expanded={texting} onClick={() => setTexting(!texting)}>
          Send SMS
        </button>
      </div>
      {texting && (
        <form className="form call-sms" noValidate onSubmit={send}>
          <TextField
            id="call-sms-body"
            label={`Text to ${caller}`}
            value={body}
            onValue={setBody}
            maxLength={480}
            error={sms.errors.body}
            hint={`${body.length}/480`}
            disabled={sms.pending}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={sms.pending}>
            {sms.pending ? "Sending..." : "Send"}
          </button>
        </form>
      )}
    </div>
  );
}
