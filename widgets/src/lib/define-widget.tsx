import type { ComponentType } from "react";
import { render } from "react-dom";
import type { WidgetContext, WidgetElement } from "./contract";
import { type SharedValue, sharedValue } from "./shared-value";

export interface WidgetProps {
  context: WidgetContext;
  /** Whether the widget's panel or dialog is open (floating widgets); inline widgets ignore it. */
  open: SharedValue<boolean>;
}

function adopt(root: ShadowRoot, css: string) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * Registers a widget as the custom element `nikki-<name>`. The loader creates the element (and, for floating
 * widgets, its shadow root with the launcher); `mount()` renders the widget into that shadow root once.
 * Safe to run twice: a second copy of a chunk finds the element defined and does nothing.
 */
export function defineWidget(tag: string, View: ComponentType<WidgetProps>, css: string) {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement implements WidgetElement {
      private state?: SharedValue<boolean>;

      mount(context: WidgetContext) {
        if (this.state) return;
        const open = (this.state = sharedValue(false));
        const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
        const { primary, on_primary } = context.config.colors;
        adopt(root, `${css}:host{--nikki-primary:${primary};--nikki-on-primary:${on_primary}}`);
        context.launcher?.setAttribute("aria-haspopup", "dialog");
        const box = document.createElement("div");
        box.className = "nikki";
        root.append(box);
        open.subscribe((value) => {
          context.launcher?.setAttribute("aria-expanded", String(value));
          // On phones an open panel covers the screen: the other launchers step aside (base.css).
          for (const other of document.querySelectorAll("nikki-chat,nikki-test-call")) if (other !== this) other.toggleAttribute("data-covered", value);
          // Host pages may listen: `addEventListener("nikki:open", (event) => event.detail === "chat")`.
          dispatchEvent(new CustomEvent(value ? "nikki:open" : "nikki:close", { detail: tag.slice(6) }));
        });
        context.launcher?.setAttribute("aria-expanded", "false");
        // One floating widget open at a time: opening another closes this one.
        addEventListener("nikki:open", (event) => (event as CustomEvent).detail !== tag.slice(6) && (open.value = false));
        render(<View context={context} open={open} />, box);
      }

      open() {
        if (this.state) this.state.value = true;
      }

      close() {
        if (this.state) this.state.value = false;
      }

      toggle() {
        if (this.state) this.state.value = !this.state.value;
      }
    },
  );
}
