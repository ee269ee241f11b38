import { INVITATION_CODE_MESSAGES as M } from "@nikki/core";
import { type FormEvent, useId, useState } from "react";
import { postJson } from "../../lib/api";
import { toast } from "../../lib/toast";
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

  async function verify(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const joined = await submit({
      invalid: /^\d{6}$/.test(code.trim()) ? {} : { code: M.format },
      request: () => postJson(`/api/invitations/${encodeURIComponent(invitationId)}/verify`, { code: code.trim() }),
      failure: { show: setAlert, fallback: "We couldn't check the code. Please try again." },
      staysBusy: true,
    });
    if (joined) window.location.assign("/dashboard");
  }

  async function resend() {
    const result = await postJson<{ emailed: boolean }>(`/api/invitations/${encodeURIComponent(invitationId)}/accept`, {});
    if (result.ok) {
      setDelivered(result.data.emailed);
      toast({ title: "Code sent", description: M.sent(email) });
    } else toast({ variant: "destructive", title: "Couldn't send a code", description: result.error?.message ?? "Network error" });
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
      <button type="button" className="btn btn-secondary btn-block" onClick={() => void resend()} disabled={pending}>
        Send a new code
      </button>
    </form>
  );
}
