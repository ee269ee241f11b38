import { PRODUCT_NAME, TEST_CALL_SEEN_KEY } from "@nikki/core/constants";
import { TEST_CALL_COPY } from "@nikki/core/widget-copy";
import { useEffect, useMemo, useRef, useState } from "react";
import { Dialog } from "../lib/Dialog";
import type { WidgetProps } from "../lib/define-widget";
import { useSharedValue } from "../lib/shared-value";
import { createToasts } from "../lib/toasts";
import { BrowserTab } from "./BrowserTab";
import { CallMyPhone } from "./CallMyPhone";

const TABS = [
  ["phone", "Call My Phone"],
  ["browser", "Hear it in Browser"],
] as const;

type Tab = (typeof TABS)[number][0];

/** Spec 000 §2: the dialog opens by itself once; a "widget seen" flag in local storage prevents repeats. */
function firstVisit() {
  try {
    if (localStorage.getItem(TEST_CALL_SEEN_KEY)) return false;
    localStorage.setItem(TEST_CALL_SEEN_KEY, "1");
    return true;
  } catch {
    // Storage blocked (privacy mode): never open by itself rather than on every visit.
    return false;
  }
}

export function TestCallDialog({ context, open }: WidgetProps) {
  const [tab, setTab] = useState<Tab>("phone");
  const toasts = useMemo(createToasts, []);
  const tabs = useRef<HTMLDivElement>(null);
  const isOpen = useSharedValue(open);

  useEffect(() => {
    if (context.autoOpen == null) return;
    const timer = setTimeout(
      () => {
        // Never interrupt: not while the visitor types in a form or has another widget open, nor once they scrolled
        // to read (a FAQ), nor on a phone, where the dialog is a sheet over what they read. Only a dialog that opens
        // counts as the one time.
        const busy = document.activeElement?.matches("input,textarea,select,[contenteditable],nikki-chat,nikki-test-call");
        const reading = scrollY > 0 || matchMedia("(max-width:479px)").matches;
        if (!busy && !reading && firstVisit()) open.value = true;
      },
      Math.max(0, 2_500 - performance.now()),
    );
    return () => clearTimeout(timer);
  }, []);

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const next: Tab = tab === "phone" ? "browser" : "phone";
    setTab(next);
    requestAnimationFrame(() => tabs.current?.querySelector<HTMLElement>(`#nikki-tab-${next}`)?.focus());
  }

  return (
    <>
      {isOpen && (
        <Dialog title={TEST_CALL_COPY.title(PRODUCT_NAME)} onClose={() => (open.value = false)} returnFocus={context.launcher}>
          <div class="tabs" role="tablist" aria-label="How to try it" ref={tabs} onKeyDown={onTabKey}>
            {TABS.map(([id, label]) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`nikki-tab-${id}`}
                aria-selected={tab === id}
                aria-controls={`nikki-panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`nikki-panel-${tab}`} aria-labelledby={`nikki-tab-${tab}`}>
            {tab === "phone" ? <CallMyPhone context={context} toast={toasts.show} /> : <BrowserTab context={context} />}
          </div>
        </Dialog>
      )}
      <toasts.Toasts />
    </>
  );
}
