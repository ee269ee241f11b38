import { ASSIGNABLE_ROLES, type AssignableRole, invitationSchema, parseFields } from "@nikki/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api, getJson, postJson } from "../../lib/api";
import { type Me, loadMe } from "../../lib/me";
import { toast } from "../../lib/toast";
import FormField, { EmailField } from "../FormField";
import ConfirmDialog from "./ConfirmDialog";
import CopyField from "./CopyField";
import "../dialog.css";
import "../form.css";

interface Member {
  id: string;
  user_id: string;
  role: "owner" | AssignableRole;
  email: string;
  full_name: string;
}
interface Invitation {
  id: string;
  email: string;
  role: AssignableRole;
  expires_at: string;
  accept_url: string;
}

const ROLE_HELP: Record<AssignableRole, string> = {
  admin: "Admin: can manage settings and members",
  viewer: "Viewer: can view calls and analytics only",
};

/** Settings → Team (spec 001 §2, §6): members, roles, removal, invitations; read-only for viewers. */
export default function TeamSettings() {
  const [me, setMe] = useState<Me | null>(null);
  const [members, setMembers] = useState<Member[] | null>(null);
  const [invitations, setInvitations] = useState<Invitation[]>([]);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const canManage = me?.role === "owner" || me?.role === "admin";

  async function load(current: Me | null) {
    const list = await getJson<{ members: Member[] }>("/api/org/members");
    if (!list.ok) {
      toast({ variant: "destructive", title: "Failed to load settings", description: list.error?.message });
      setMembers([]);
      return;
    }
    setMembers(list.data.members);
    if (current?.role === "owner" || current?.role === "admin") {
      const pending = await getJson<{ invitations: Invitation[] }>("/api/org/invitations");
      if (pending.ok) setInvitations(pending.data.invitations);
    }
  }

  useEffect(() => {
    void loadMe().then((current) => {
      setMe(current);
      void load(current);
    });
  }, []);

  async function changeRole(member: Member, role: AssignableRole) {
    const result = await api("PATCH", `/api/org/members/${member.id}`, { role });
    if (result.ok) {
      setMembers((list) => list?.map((m) => (m.id === member.id ? { ...m, role } : m)) ?? null);
      toast({ title: "Role Updated", description: `${member.full_name} is now ${role}.` });
    } else {
      toast({ variant: "destructive", title: "Failed to update member role.", description: result.error?.message });
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await api("DELETE", `/api/org/members/${removing.id}`);
    setBusy(false);
    if (result.ok) {
      setMembers((list) => list?.filter((m) => m.id !== removing.id) ?? null);
      toast({ title: "Member Removed", description: `${removing.full_name} no longer has access.` });
    } else {
      toast({ variant: "destructive", title: "Failed to remove member.", description: result.error?.message });
    }
    setRemoving(null);
  }

  async function cancelInvitation(invitation: Invitation) {
    const result = await api("DELETE", `/api/org/invitations/${invitation.id}`);
    if (result.ok) {
      setInvitations((list) => list.filter((i) => i.id !== invitation.id));
      toast({ title: "Invitation Canceled", description: `The link for ${invitation.email} no longer works.` });
    } else {
      toast({ variant: "destructive", title: "Failed to cancel invitation.", description: result.error?.message });
    }
  }

  return (
    <section className="card panel" aria-labelledby="team-title" id="team">
      <div className="panel-head">
        <div>
          <h2 id="team-title">Team</h2>
          <p>{canManage ? "Invite teammates and choose what they can do." : "You have view-only access. Ask an admin to change the team."}</p>
        </div>
        {canManage && <InviteButton onInvited={(invitation) => setInvitations((list) => [invitation, ...list])} />}
      </div>
      {members === null ? (
        <p className="muted" role="status">
          Loading members…
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                {canManage && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.full_name}
                    {member.user_id === me?.user.id && <span className="muted"> (you)</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>
                    {member.role === "owner" || !canManage ? (
                      <span className={`badge ${member.role === "owner" ? "badge-accent" : ""}`}>{member.role}</span>
                    ) : (
                      <select
                        className="select-sm"
                        aria-label={`Role of ${member.full_name}`}
                        value={member.role}
                        onChange={(event) => void changeRole(member, event.target.value as AssignableRole)}
                      >
                        {ASSIGNABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {role === "admin" ? "Admin" : "Viewer"}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                  {canManage && (
                    <td className="actions">
                      {member.role !== "owner" && (
                        <button type="button" className="btn btn-danger btn-sm" onClick={() => setRemoving(member)} aria-label={`Remove ${member.full_name}`}>
                          Remove
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canManage && invitations.length > 0 && (
        <div style={{ marginTop: 22 }}>
          <h3 style={{ fontSize: "1.05rem" }}>Pending invitations</h3>
          <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 12 }}>
            {invitations.map((invitation) => (
              <li key={invitation.id} style={{ display: "grid", gap: 6 }}>
                <div style={{ display: "flex", justifyContent: "space-between", gap: 12, flexWrap: "wrap" }}>
                  <span>
                    {invitation.email} <span className="badge">{invitation.role}</span>
                  </span>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void cancelInvitation(invitation)}>
                    Cancel invitation
                  </button>
                </div>
                <CopyField value={invitation.accept_url} label={`Invitation link for ${invitation.email}`} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message="Are you sure you want to remove this member?"
        confirmLabel="Remove"
        pending={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

/** The invite dialog (spec 001 §5): email required, role admin or viewer; shows the accept link to copy. */
function InviteButton({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("viewer");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<(Invitation & { emailed: boolean }) | null>(null);

  function open() {
    setEmail("");
    setRole("viewer");
    setErrors({});
    setCreated(null);
    dialog.current?.showModal();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseFields(invitationSchema, { email, role });
    if (!parsed.ok) {
      setErrors(parsed.fields);
      return;
    }
    setErrors({});
    setPending(true);
    const result = await postJson<{ invitation: Invitation & { emailed: boolean } }>("/api/org/invitations", parsed.data);
    setPending(false);
    if (!result.ok) {
      if (result.error?.fields) setErrors(result.error.fields);
      toast({ variant: "destructive", title: "Failed to send invitation.", description: result.error?.message });
      return;
    }
    setCreated(result.data.invitation);
    onInvited(result.data.invitation);
    toast({
      title: result.data.invitation.emailed ? "Invitation Sent" : "Invitation Created",
      description: result.data.invitation.emailed
        ? `We e-mailed ${result.data.invitation.email} a link to join.`
        : `Copy the link and send it to ${result.data.invitation.email}.`,
    });
  }

  return (
    <>
      <button type="button" className="btn btn-primary btn-sm" onClick={open}>
        Invite Member
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="invite-title">
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id="invite-title">Invite a team member</h2>
            <button type="button" className="dialog-close" aria-label="Close" onClick={() => dialog.current?.close()}>
              ×
            </button>
          </header>
          {created ? (
            <div className="form" style={{ marginTop: 16 }}>
              <p className="form-success" role="status">
                {created.emailed
                  ? `Invitation e-mailed to ${created.email}.`
                  : `Invitation created for ${created.email}. Nothing was e-mailed (this server has no mail provider, or sending failed): copy the link and send it yourself.`}{" "}
                The link works for 7 days.
              </p>
              <CopyField value={created.accept_url} label="Invitation link" />
              <button type="button" className="btn btn-secondary btn-block" onClick={() => dialog.current?.close()}>
                Done
              </button>
            </div>
          ) : (
            <form className="form" noValidate onSubmit={submit} style={{ marginTop: 16 }}>
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
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}
