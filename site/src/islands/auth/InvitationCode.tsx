import { INVITATION_CODE_MESSAGES as M, invitationCodeSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useId, useState } from "react";
import { api, call } from "../../lib/client";
import { useAction } from "../../lib/use-action";
import { useSubmit } from "../../lib/use-submit";
import { FormAlert, OneTimeCodeField } from "../FormField";

/**
 * The last step of joining through an invitation: the 6-digit code e-mailed to the invited address, which proves it
 * is theirs; then the dashboard. A new code can be sent.
 */
export default function InvitationCode({
  invitationId,
  email,
  organization,
  emailed,
}: {
  invitationId: string;
  email: string;
  organization: string;
  emailed: boolean;
}) {
  const [code, setCode] = useState("");
  const [delivered, setDelivered] = useState(emailed);
  const { pending, errors, submit } = useSubmit<"code">();
  const [alert, setAlert] = useState<string | null>(null);
  const uid = useId();
  const action = useAction();
  const param = { param: { id: invitationId } };

  async function verify(event: SubmitEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = parseFields(invitationCodeSchema, { code });
    const joined = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.invitations[":id"].verify.$post, param, parsed.ok ? parsed.data : {}),
      failure: { show: setAlert, fallback: "We couldn't check the code. Please try again." },
      staysBusy: true,
    });
    if (joined) window.location.assign("/dashboard");
  }

  async function resend() {
    const done = await action.run({
      request: () => call(api.invitations[":id"].accept.$post, param, {}),
      failure: "Couldn't send a code",
      success: { title: "Code sent", description: M.sent(email) },
    });
    if (!done) return;
    // An address proven meanwhile joins at once: nothing left to type.
    if ("emailed" in done.data) setDelivered(done.data.emailed);
    else window.location.assign("/dashboard");
  }

  return (
    <form className="form" noValidate onSubmit={verify}>
      <p className="form-notice" role="status">
        {delivered ? M.sent(email) : M.notEmailed} You are joining <strong>{organization}</strong>.
      </p>
      <OneTimeCodeField id={`${uid}-code`} label="Code from the e-mail" error={errors.code} value={code} onValue={setCode} disabled={pending} autoFocus />
      <FormAlert>{alert}</FormAlert>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? "Joining..." : `Join ${organization}`}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void resend()} disabled={pending || action.busy()}>
        Send a new code
      </button>
    </form>
  );
}
