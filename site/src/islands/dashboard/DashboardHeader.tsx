import { useCallback, useEffect, useRef, useState } from "react";
import { api, call } from "../../lib/client";
import { useMe } from "../../lib/me";
import { useDismiss } from "../../lib/use-dismiss";
import "./dashboard.css";

/** The organization's name and the user menu (sign out) at the top of every dashboard page. */
export default function DashboardHeader() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!me) return;
    // Viewers see calls and analytics only (spec 001 §6): the tabs they cannot use leave the bar. Their own
    // security settings stay one click away in the account menu.
    if (me.role === "viewer") for (const tab of document.querySelectorAll<HTMLElement>("[data-admin-only]")) tab.hidden = true;
    if (me.is_operator) for (const tab of document.querySelectorAll<HTMLElement>("[data-operator-only]")) tab.hidden = false;
  }, [me]);

  useDismiss(open, close, menu, button);

  async function signOut() {
    await call(api.auth["sign-out"].$post, undefined, {});
    window.location.assign("/login");
  }

  const initials = (me?.user.name ?? "")
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

  return (
    <div className="dash-header-end">
      {me?.simulated_providers && (
        <span
          className="badge badge-simulated"
          title="Calls, texts, payments and CRMs go to local simulators: add provider keys to .dev.vars for the real ones."
        >
          <span className="wide-only">Simulated providers</span>
          <span className="narrow-only">Simulated</span>
        </span>
      )}
      {/* The business's name in full: on up to three lines on a phone, and as a tooltip wherever it is still cut short. */}
      <span className="dash-org" aria-live="polite" title={me?.organization?.name}>
        {me ? (me.organization?.name ?? "No organization") : <span className="skeleton" aria-label="Loading" />}
      </span>
      <div className="user-menu" ref={menu}>
        <button
          ref={button}
          type="button"
          className="avatar"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-label={me ? `Account menu for ${me.user.name}` : "Account menu"}
          onClick={() => setOpen(!open)}
          disabled={!me}
        >
          {initials || "·"}
        </button>
        {open && me && (
          <div className="user-menu-panel" role="menu">
            <p className="user-menu-who">
              <strong>{me.user.name}</strong>
              <span>{me.user.email}</span>
              {me.role && <span className="badge">{me.role}</span>}
            </p>
            <a role="menuitem" href="/dashboard/settings#security">
              Security settings
            </a>
            <button role="menuitem" type="button" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
