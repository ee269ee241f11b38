import { CALL_MESSAGES, analysable, callSmsSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { api, call as send } from "../../../lib/client";
import { useAction } from "../../../lib/use-action";
import { useSubmit } from "../../../lib/use-submit";
import { TextField } from "../../FormField";
import type { CallDetailResource } from "./call-detail-resource";

/** The call's actions with the spec's enable rules: Re-run AI Analysis, Push to CRM (processed calls), Send SMS; fewer for a screened call. */
export default function CallActions({ call, onReprocess }: { call: CallDetailResource; onReprocess(): void }) {
  const action = useAction();
  const [texting, setTexting] = useState(false);
  const [body, setBody] = useState("");
  const sms = useSubmit<"body">();
  const caller = call.from_number;

  const push = () =>
    action.run({
      request: () => send(api.calls[":id"]["push-crm"].$post, { param: { id: call.id } }, {}),
      failure: CALL_MESSAGES.pushFailed,
      success: { title: CALL_MESSAGES.pushed, description: "The caller is in your CRM." },
    });

  async function text(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(callSmsSchema, { body });
    const done = await sms.submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => send(api.calls[":id"].sms.$post, { param: { id: call.id } }, parsed.ok ? parsed.data : {}),
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
        {analysable(call) && (call.processing_status === "failed" || call.transcript.length > 0) && (
          <button type="button" className="btn btn-secondary btn-sm" disabled={call.processing_status === "pending"} onClick={onReprocess}>
            Re-run AI Analysis
          </button>
        )}
        {/* A screened call (silent, spam) has no caller worth a CRM record, and a spam caller is not one to text. */}
        {call.screened === null && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={action.busy() || call.processing_status !== "processed"}
            title={call.processing_status === "processed" ? undefined : CALL_MESSAGES.notProcessed}
            onClick={() => void push()}
          >
            {action.busy() ? "Pushing..." : "Push to CRM"}
          </button>
        )}
        {call.outcome !== "spam" && (
          <button type="button" className="btn btn-secondary btn-sm" aria-expanded={texting} onClick={() => setTexting(!texting)}>
            Send SMS
          </button>
        )}
      </div>
      {texting && call.outcome !== "spam" && (
        <form className="form call-sms" noValidate onSubmit={text}>
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
