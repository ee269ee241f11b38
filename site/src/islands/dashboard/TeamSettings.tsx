import { ASSIGNABLE_ROLES, type AssignableRole, canManage } from "@nikki/core";
import { useState } from "react";
import { type DataOf, api, call } from "../../lib/client";
import { useMe } from "../../lib/me";
import { useAction } from "../../lib/use-action";
import { useResource } from "../../lib/use-resource";
import DataTable from "../ui/DataTable";
import EmptyState from "../ui/EmptyState";
import Loaded from "../ui/Loaded";
import { useOpeningKey } from "../ui/opening-key";
import StatusBadge from "../ui/StatusBadge";
import ConfirmDialog from "./ConfirmDialog";
import CopyField from "./CopyField";
import InviteDialog from "./InviteDialog";
import "../form.css";

type Member = DataOf<typeof api.org.members.$get>["members"][number];
type Invitation = DataOf<typeof api.org.invitations.$get>["invitations"][number];

const LOAD_FAILED = "Failed to load settings";

/** Settings → Team (spec 001 §2, §6): members, roles, removal, invitations; read-only for viewers. */
export default function TeamSettings() {
  const me = useMe();
  const manager = canManage(me?.role);
  const members = useResource(() => call(api.org.members.$get), { failure: LOAD_FAILED });
  const invitations = useResource(() => call(api.org.invitations.$get), { failure: LOAD_FAILED, skip: !manager, deps: [manager] });
  const [inviting, setInviting] = useState(false);
  const invitingKey = useOpeningKey(inviting);
  const [removing, setRemoving] = useState<Member | null>(null);
  const action = useAction();

  async function changeRole(member: Member, role: AssignableRole) {
    const done = await action.run({
      key: member.id,
      request: () => call(api.org.members[":id"].$patch, { param: { id: member.id } }, { role }),
      failure: "Failed to update member role.",
      success: { title: "Role Updated", description: `${member.full_name} is now ${role}.` },
    });
    if (done) members.update((list) => ({ members: list.members.map((row) => (row.id === member.id ? { ...row, role } : row)) }));
  }

  async function remove(member: Member) {
    const done = await action.run({
      key: "remove",
      request: () => call(api.org.members[":id"].$delete, { param: { id: member.id } }),
      failure: "Failed to remove member.",
      success: { title: "Member Removed", description: `${member.full_name} no longer has access.` },
    });
    if (done) members.update((list) => ({ members: list.members.filter((row) => row.id !== member.id) }));
    setRemoving(null);
  }

  async function cancelInvitation(invitation: Invitation) {
    const done = await action.run({
      key: invitation.id,
      request: () => call(api.org.invitations[":id"].$delete, { param: { id: invitation.id } }),
      failure: "Failed to cancel invitation.",
      success: { title: "Invitation Canceled", description: `The link for ${invitation.email} no longer works.` },
    });
    if (done) invitations.update((list) => ({ invitations: list.invitations.filter((row) => row.id !== invitation.id) }));
  }

  const role = (member: Member) =>
    member.role === "owner" || !manager ? (
      <StatusBadge kind="role" status={member.role} />
    ) : (
      <select
        className="select-sm"
        aria-label={`Role of ${member.full_name}`}
        value={member.role}
        disabled={action.busy(member.id)}
        onChange={(event) => void changeRole(member, event.target.value as AssignableRole)}
      >
        {ASSIGNABLE_ROLES.map((option) => (
          <option key={option} value={option}>
            {option === "admin" ? "Admin" : "Viewer"}
          </option>
        ))}
      </select>
    );

  return (
    <section className="card panel" aria-labelledby="team-title" id="team">
      <div className="panel-head">
        <div>
          <h2 id="team-title">Team</h2>
          <p>{manager ? "Invite teammates and choose what they can do." : "You have view-only access. Ask an admin to change the team."}</p>
        </div>
        {manager && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setInviting(true)}>
            Invite Member
          </button>
        )}
      </div>
      <Loaded resource={members} loading="Loading members…">
        {({ members: rows }) => (
          <DataTable
            caption="Members"
            rows={rows}
            rowKey={(member) => member.id}
            empty={<EmptyState message="No members yet." />}
            columns={[
              {
                header: "Name",
                cell: (member) => (
                  <>
                    {member.full_name}
                    {member.user_id === me?.user.id && <span className="muted"> (you)</span>}
                  </>
                ),
              },
              { header: "Email", cell: (member) => member.email },
              { header: "Role", cell: role },
              ...(manager
                ? [
                    {
                      header: "Actions",
                      hiddenHeader: true,
                      className: "actions",
                      cell: (member: Member) =>
                        member.role !== "owner" && (
                          <button type="button" className="btn btn-danger btn-sm" onClick={() => setRemoving(member)} aria-label={`Remove ${member.full_name}`}>
                            Remove
                          </button>
                        ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Loaded>
      {manager && (
        <Loaded resource={invitations} loading="Loading invitations…">
          {({ invitations: pending }) =>
            pending.length > 0 && (
              <div className="pending-invitations">
                <h3>Pending invitations</h3>
                <ul>
                  {pending.map((invitation) => (
                    <li key={invitation.id}>
                      <div className="pending-invitation-head">
                        <span>
                          {invitation.email} <StatusBadge kind="role" status={invitation.role} />
                        </span>
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          disabled={action.busy(invitation.id)}
                          onClick={() => void cancelInvitation(invitation)}
                        >
                          Cancel invitation
                        </button>
                      </div>
                      <CopyField value={invitation.accept_url} label={`Invitation link for ${invitation.email}`} />
                    </li>
                  ))}
                </ul>
              </div>
            )
          }
        </Loaded>
      )}
      <InviteDialog key={invitingKey} open={inviting} onClose={() => setInviting(false)} onInvited={() => void invitations.reload()} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        message="Are you sure you want to remove this member?"
        confirmLabel="Remove"
        pending={action.busy("remove")}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
