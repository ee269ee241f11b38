import type { HTMLAttributes, Ref } from "preact";
import { useEffect, useRef } from "react";
import type { WidgetContext, WidgetElement } from "../lib/contract";

/** The Hear it in Browser tab hosts the voice demo widget, loaded the first time the tab is shown. */
export function BrowserTab({ context }: { context: WidgetContext }) {
  const host = useRef<HTMLElement>(null);
  useEffect(() => {
    void context.load("voice-demo").then(() => (host.current as WidgetElement | null)?.mount(context));
  }, []);
  return (
    <nikki-voice-demo ref={host} class="embedded">
      <p class="hint">Loading the browser demo…</p>
    </nikki-voice-demo>
  );
}

declare module "preact" {
  namespace JSX {
    interface IntrinsicElements {
      "nikki-voice-demo": HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };
    }
  }
}
