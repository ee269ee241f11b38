import { PAGE_ACCESS_COPY, RESTRICTED_PAGES, type RestrictedPage, canManage } from "@nikki/core";
import type { ReactNode } from "react";
import { useMe } from "../../lib/me";
import CreateOrganization from "./CreateOrganization";
import { FormAlert } from "../FormField";

/**
 * Shows the page once the user is known; a user without an organization is told so (spec 001 §2 Settings). A page for
 * owners and admins (`restricted`) tells anyone else so instead, and its island never starts: no request the server
 * would refuse, no error toast, no action (issue 54 §9).
 */
export default function DashboardGate({ restricted, children }: { restricted?: RestrictedPage; children?: ReactNode }) {
  const me = useMe();
  if (me === undefined)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (me === null) return <FormAlert>We couldn't load your account. Please refresh the page.</FormAlert>;
  if (!me.organization) return <CreateOrganization />;
  if (restricted && !canManage(me.role))
    return (
      <section className="card panel" aria-labelledby="restricted-title">
        <div className="panel-head">
          <div>
            <h2 id="restricted-title">{RESTRICTED_PAGES[restricted]}</h2>
            <p>{PAGE_ACCESS_COPY.viewer(me.organization.name)}</p>
          </div>
        </div>
        <a className="btn btn-secondary btn-sm" href="/dashboard">
          {PAGE_ACCESS_COPY.back}
        </a>
      </section>
    );
  return <>{children}</>;
}
