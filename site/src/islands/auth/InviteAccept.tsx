import { INVITATION_STATUS_MESSAGES } from "@nikki/core";
import { useEffect, useState } from "react";
import { type DataOf, api, call, messageOf } from "../../lib/client";
import { FormAlert } from "../FormField";
import InvitationCode from "./InvitationCode";
import "../form.css";

type Invitation = DataOf<(typeof api.invitations)[":id"]["$get"]>["invitation"];

/** /invite?id=…[&token=…]: who invited you where; accept when signed in as the invited e-mail, else create an account or sign in. */
export default function InviteAccept() {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "missing" | "accepting">("loading");
  const [codeStep, setCodeStep] = useState<{ emailed: boolean } | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const id = query.get("id");
    setToken(query.get("token"));
    if (!id) {
      setState("missing");
      return;
    }
    // Not loadMe(): a visitor who is signed out is shown how to join, not sent to sign in.
    void Promise.all([call(api.invitations[":id"].$get, { param: { id } }), call(api.account.me.$get)]).then(([found, me]) => {
      if (!found.ok) {
        setState("missing");
        return;
      }
      setInvitation(found.data.invitation);
      setSignedInAs(me.ok ? me.data.user.email : null);
      setState("ready");
    });
  }, []);

  async function accept() {
    if (!invitation) return;
    setState("accepting");
    const result = await call(api.invitations[":id"].accept.$post, { param: { id: invitation.id } }, {});
    if (result.ok && "verification_required" in result.data && result.data.verification_required) {
      setCodeStep({ emailed: Boolean("emailed" in result.data && result.data.emailed) });
      setState("ready");
      return;
    }
    if (result.ok) {
      window.location.assign("/dashboard");
      return;
    }
    setState("ready");
    setAlert(messageOf(result, "We couldn't accept the invitation. Please try again."));
  }

  if (codeStep && invitation)
    return <InvitationCode invitationId={invitation.id} email={invitation.email} organization={invitation.organization_name} emailed={codeStep.emailed} />;
  if (state === "loading")
    return (
      <p className="muted" role="status">
        Loading the invitation…
      </p>
    );
  if (state === "missing" || !invitation) {
    return <FormAlert>This invitation does not exist. Check the link, or ask your administrator for a new one.</FormAlert>;
  }
  if (invitation.status === "accepted") {
    const joined = signedInAs?.toLowerCase() === invitation.email;
    return (
      <div className="form">
        <p>
          {joined ? INVITATION_STATUS_MESSAGES.acceptedByYou(invitation.organization_name) : INVITATION_STATUS_MESSAGES.accepted(invitation.organization_name)}
        </p>
        <a className="btn btn-primary btn-block" href={joined ? "/dashboard" : "/login?redirect=/dashboard"}>
          {joined ? "Open the dashboard" : "Sign in"}
        </a>
      </div>
    );
  }
  if (invitation.status !== "pending") return <FormAlert>{INVITATION_STATUS_MESSAGES.closed(invitation.status)}</FormAlert>;
  // The e-mailed link's token proves the address: carried on, signing up from it asks for no code.
  const withToken = token ? `&token=${encodeURIComponent(token)}` : "";
  const here = `/invite?id=${encodeURIComponent(invitation.id)}${withToken}`;
  return (
    <div className="form">
      <p>
        You've been invited to join <strong>{invitation.organization_name}</strong> as <strong>{invitation.role}</strong>
        {invitation.role === "viewer" ? " (view calls and analytics)" : " (manage settings and members)"}.
      </p>
      <p className="muted">This invitation is for {invitation.email}.</p>
      <FormAlert>{alert}</FormAlert>
      {signedInAs ? (
        signedInAs.toLowerCase() === invitation.email ? (
          <button type="button" className="btn btn-primary btn-block" onClick={accept} disabled={state === "accepting"}>
            {state === "accepting" ? "Joining..." : `Join ${invitation.organization_name}`}
          </button>
        ) : (
          <p className="form-alert">
            You're signed in as {signedInAs}. Sign out and sign in as {invitation.email} to accept.
          </p>
        )
      ) : (
        <>
          <a className="btn btn-primary btn-block" href={`/signup?invitation=${encodeURIComponent(invitation.id)}${withToken}`}>
            Create My Account
          </a>
          <a className="btn btn-secondary btn-block" href={`/login?redirect=${encodeURIComponent(here)}`}>
            I Already Have an Account
          </a>
        </>
      )}
    </div>
  );
}
