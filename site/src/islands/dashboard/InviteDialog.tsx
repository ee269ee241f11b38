import { ASSIGNABLE_ROLES, type AssignableRole, LIMITS, invitationSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { type DataOf, api, call } from "../../lib/client";
import { useSubmit } from "../../lib/use-submit";
import FormField, { EmailField } from "../FormField";
import Modal from "../ui/Modal";
import CopyField from "./CopyField";

type Created = DataOf<typeof api.org.invitations.$post>["invitation"];

const ROLE_HELP: Record<AssignableRole, string> = {
  admin: "Admin: can manage settings and members",
  viewer: "Viewer: can view calls and analytics only",
};

/** The invite dialog (spec 001 §5): email required, role admin or viewer; shows the accept link to copy. */
export default function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose(): void; onInvited(): void }) {
  // Blank at each opening: its owner keys it (ui/opening-key.ts).
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("viewer");
  const [created, setCreated] = useState<Created | null>(null);
  const { pending, errors, submit } = useSubmit<"email" | "role">();

  async function send(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(invitationSchema, { email, role });
    const done = await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.org.invitations.$post, undefined, parsed.ok ? parsed.data : {}),
      failure: { toast: "Failed to send invitation." },
      success: ({ invitation }) =>
        invitation.emailed
          ? { title: "Invitation Sent", description: `We e-mailed ${invitation.email} a link to join.` }
          : { title: "Invitation Created", description: `Copy the link and send it to ${invitation.email}.` },
    });
    if (!done) return;
    setCreated(done.data.invitation);
    onInvited();
  }

  return (
    <Modal open={open} onClose={onClose} title="Invite a team member" titleId="invite-title" onSubmit={created ? undefined : send}>
      {created ? (
        <div className="form">
          <p className="form-success" role="status">
            {created.emailed
              ? `Invitation e-mailed to ${created.email}.`
              : `Invitation created for ${created.email}. Nothing was e-mailed (this server has no mail provider, or sending failed): copy the link and send it yourself.`}{" "}
            The link works for {LIMITS.invitationDays} days.
          </p>
          <CopyField value={created.accept_url} label="Invitation link" />
          <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <>
          <EmailField id="invite-email" error={errors.email} value={email} onValue={setEmail} autoComplete="off" disabled={pending} />
          <FormField id="invite-role" label="Role" error={errors.role}>
            <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as AssignableRole)} disabled={pending}>
              {ASSIGNABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_HELP[option]}
                </option>
              ))}
            </select>
          </FormField>
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {pending ? "Sending..." : "Send Invitation"}
          </button>
        </>
      )}
    </Modal>
  );
}
