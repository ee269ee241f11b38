import type { Region } from "@nikki/core";
import { useEffect, useState } from "react";
import { type DataOf, api, call } from "./client";
import { markTestCallSeen } from "./test-call-seen";

/** The signed-in user, their organization (with its time zone), role and flags: `GET /api/account/me`. */
export type Me = DataOf<typeof api.account.me.$get>;

let pending: Promise<Me | null> | null = null;
const listeners = new Set<(me: Me | null) => void>();

/** The signed-in user, fetched once per page for every island; a signed-out visitor is sent to sign in. */
export function loadMe(): Promise<Me | null> {
  pending ??= call(api.account.me.$get).then((result) => {
    if (result.ok) {
      markTestCallSeen();
      return result.data;
    }
    if (result.status === 401) {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
    }
    return null;
  });
  return pending;
}

/** Re-reads the user after a change (two-factor on or off); every component showing them gets the new one. */
export async function reloadMe(): Promise<Me | null> {
  pending = null;
  const me = await loadMe();
  for (const listener of listeners) listener(me);
  return me;
}

/**
 * The signed-in user for a component: undefined until known, null when it could not be read. Undefined on the first
 * render even when another island has it already: that render must match the server's HTML (hydration).
 */
export function useMe(): Me | null | undefined {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    listeners.add(setMe);
    void loadMe().then(setMe);
    return () => void listeners.delete(setMe);
  }, []);
  return me;
}

/** The organization's default region, in which every phone a member types is read (core's parsePhone); US until known. */
export function useRegion(): Region {
  return useMe()?.organization?.default_region ?? "US";
}
