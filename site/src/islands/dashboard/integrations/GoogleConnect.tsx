import { GOOGLE_CALENDAR_OUTCOMES, INTEGRATION_MESSAGES, isGoogleCalendarOutcome } from "@nikki/core";
import { useEffect } from "react";
import { api, call } from "../../../lib/client";
import { toast } from "../../../lib/toast";
import { useAction } from "../../../lib/use-action";

/**
 * Connect with Google (issue 35 §7): the server answers Google's consent address with a signed state, and the browser
 * goes there; Google sends it back to the server's callback, which stores the connection and returns to Integrations.
 */
export function GoogleConnectButton({ connected }: { connected: boolean }) {
  const action = useAction();
  async function connect() {
    const done = await action.run({
      key: "connect",
      request: () => call(api.integrations.google_calendar.connect.$post, undefined, {}),
      failure: INTEGRATION_MESSAGES.connectFailed("Google"),
    });
    if (done) window.location.assign(done.data.authorization_url);
  }
  return (
    <button type="button" className="btn btn-primary btn-sm" disabled={action.busy("connect")} onClick={() => void connect()}>
      {action.busy("connect") ? "Opening Google..." : connected ? "Reconnect with Google" : "Connect with Google"}
    </button>
  );
}

/** Back from Google: says how the connection went (`?calendar=…`), once, and takes the word out of the address. */
export function useGoogleCalendarOutcome() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get("calendar");
    if (!isGoogleCalendarOutcome(outcome)) return;
    const said = GOOGLE_CALENDAR_OUTCOMES[outcome];
    toast({ variant: said.ok ? "default" : "destructive", title: said.title, description: said.description });
    url.searchParams.delete("calendar");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }, []);
}
