import type { WidgetConfig, WidgetName } from "@nikki/core/widget-config";

export type { WidgetConfig, WidgetName };

/** What the loader and the widget chunks agree on: the context handed to a widget, its element. */

export interface WidgetContext {
  /** The worker's origin, where the API and the chunks live. */
  base: string;
  key: string;
  config: WidgetConfig;
  /** `data-locale`, when given. */
  locale: string | undefined;
  /** `data-auto-open` (present, even empty): Test a Call opens itself once, 2.5 s into a first visit. */
  autoOpen: string | undefined;
  /** The loader's launcher button (focus returns to it); none for inline widgets. */
  launcher: HTMLElement | undefined;
  /** Loads another widget's chunk (the Test-a-Call dialog hosts the voice demo). */
  load(name: WidgetName): Promise<unknown>;
}

/** The custom element each widget chunk defines; the loader creates it and attaches its shadow root. */
export interface WidgetElement extends HTMLElement {
  mount(context: WidgetContext): void;
  open(): void;
  close(): void;
  toggle(): void;
}

/** `window.Nikki`: the command function. The loader's stub queues calls (`q`) and hands boot.js its tag (`s`) and
 * the config request it started (`c`); boot's live instance replaces it and carries `s` on. */
export interface LoaderApi {
  (command: string, arg?: unknown, fn?: unknown): void;
  q?: ArrayLike<unknown>[];
  s?: HTMLScriptElement;
  c?: Promise<WidgetConfig & { error?: { message: string } }>;
}
