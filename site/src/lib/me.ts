import type { Role } from "@nikki/core";
import { getJson } from "./api";

export interface Me {
  user: { id: string; name: string; email: string; twoFactorEnabled: boolean; phone: string | null };
  organization: { id: string; name: string; domain: string | null } | null;
  role: Role | null;
  /** Whether this member asked for call alerts by e-mail (the owner gets them regardless). */
  call_alerts: boolean;
  /** The platform's providers are local simulators (npm start without keys). */
  simulated_providers: boolean;
  /** One of the product's own operators (/dashboard/leads). */
  is_operator: boolean;
}

let pending: Promise<Me | null> | null = null;

/** The signed-in user, fetched once per page for every island; a signed-out visitor is sent to sign in. */
export function loadMe(): Promise<Me | null> {
  pending ??= getJson<Me>("/api/account/me").then((result) => {
    if (result.ok) return result.data;
    if (result.status === 401) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
    }
    return null;
  });
  return pending;
}

/** Re-reads the user after a change (two-factor on or off). */
export function reloadMe(): Promise<Me | null> {
  pending = null;
  return loadMe();
}
