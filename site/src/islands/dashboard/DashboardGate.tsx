import type { ReactNode } from "react";
import { useMe } from "../../lib/me";
import CreateOrganization from "./CreateOrganization";
import { FormAlert } from "../FormField";

/** Shows the page once the user is known; a user without an organization is told so (spec 001 §2 Settings). */
export default function DashboardGate({ children }: { children?: ReactNode }) {
  const me = useMe();
  if (me === undefined)
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (me === null) return <FormAlert>We couldn't load your account. Please refresh the page.</FormAlert>;
  if (!me.organization) return <CreateOrganization />;
  return <>{children}</>;
}
