import { useEffect, useState } from "react";
import { type DataOf, api, call } from "./client";

/** The signed-in user, their organization (with its time zone), role and flags: `GET /api/account/me`. */
export type Me = DataOf<typeof api.account.me.$get>;

let pending: Promise<Me | null> | null = null;
let known: Me | null | undefined;

/** The signed-in user, fetched once per page for every island; a signed-out visitor is sent to sign in. */
export function loadMe(): Promise<Me | null> {
  pending ??= call(api.account.me.$get).then((result) => {
    known = result.ok ? result.data : null;
    if (!result.ok && result.status === 401) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
    }
    return known;
  });
  return pending;
}

/** Re-reads the user after a change (two-factor on or off). */
export function reloadMe(): Promise<Me | null> {
  pending = null;
  return loadMe();
}

/** The signed-in user for a component: undefined until known, null when it could not be read. */
export function useMe(): Me | null | undefined {
  const [me, setMe] = useState(known);
  useEffect(() => void loadMe().then(setMe), []);
  return me;
}
