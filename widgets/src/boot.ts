/**
 * `/widget/v1/boot.js`: the loader's first lazy chunk (a module, no framework). It takes over `window.Nikki` from the
 * loader's stub, draws each floating launcher inside its own shadow root once the config the loader fetched arrives,
 * and loads a widget's ES chunk only when it is wanted (browser idle, hover/focus, or click).
 */
import { chatTitle } from "@nikki/core/chat-title";
import type { LoaderApi, WidgetConfig, WidgetElement, WidgetName } from "./lib/contract";
import LAUNCHER_CSS from "./lib/launcher.css?inline";

type Listener = () => void;

const PHONE_ICON =
  "M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25c1.1.37 2.3.57 3.6.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z";

const w = window as Window & { Nikki?: LoaderApi };
const stub = w.Nikki;
const script = stub?.s;

// Boot runs once per page (a module runs once per URL); the guard covers a page without the loader's stub.
if (stub?.c && script) {
  const data = script.dataset;
  const dir = script.src.replace(/[^/]*$/, "");
  const base = new URL(script.src).origin;
  const queued = Array.from(stub.q ?? []);
  const listeners: Listener[] = [];
  const hosts: Partial<Record<WidgetName, WidgetElement>> = {};
  const chunks: Partial<Record<WidgetName, Promise<unknown>>> = {};
  let config: WidgetConfig | undefined;

  const load = (name: WidgetName) =>
    (chunks[name] ||= new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.type = "module";
      tag.src = `${dir}${name}.js`;
      // A strict CSP allows our module by its nonce; the chunk's own imports inherit it.
      tag.nonce = script.nonce!;
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.append(tag);
    }));

  const mount = (name: WidgetName, host: WidgetElement) => {
    return load(name).then(() => {
      host.mount({
        base,
        key: data.key!,
        config: config!,
        locale: data.locale,
        autoOpen: data.autoOpen,
        launcher: host.shadowRoot?.firstChild as HTMLElement | undefined,
        load,
      });
      return host;
    });
  };

  const launch = (name: WidgetName, inner: string, label?: string) => {
    const host = (hosts[name] = document.createElement(`nikki-${name}`) as WidgetElement);
    const root = host.attachShadow({ mode: "open" });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`${LAUNCHER_CSS}:host{--nikki-primary:${config!.colors.primary};--nikki-on-primary:${config!.colors.on_primary}}`);
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = `<button>${inner}</button>`;
    const button = root.firstChild as HTMLButtonElement;
    // The chat's icon needs a name; Test a Call's visible text is its name.
    if (label) button.setAttribute("aria-label", label);
    button.onpointerenter = button.onfocus = () => load(name);
    button.onclick = () => mount(name, host).then(() => host.toggle());
    document.body.append(host);
  };

  // A launcher never covers what a visitor fills in or presses on a phone (sign-up's Password, a plan's "Start Free
  // Trial", a link styled as a button): while a form's field or label, a button or such a link lies under it, the
  // launcher steps aside (launcher.css), and comes back once the page scrolls it away. Checked once a frame at most, on
  // scroll and resize, and with the reattaching below (forms that appear later).
  let frame = 0;
  const clear = () =>
    (frame ||= requestAnimationFrame(() => {
      frame = 0;
      const fields = Array.from(
        document.querySelectorAll("form :is(input:not([type=hidden]),select,textarea,label),button,a:is([class*=btn],[class*=button],[role=button])"),
        (field) => field.getBoundingClientRect(),
      );
      for (const host of Object.values(hosts)) {
        const box = host.getBoundingClientRect();
        host.toggleAttribute(
          "data-aside",
          fields.some((field) => field.width && field.left < box.right && field.right > box.left && field.top < box.bottom && field.bottom > box.top),
        );
      }
    }));
  addEventListener("scroll", clear, { passive: true });
  addEventListener("resize", clear);

  function api(command: string, arg?: unknown, fn?: unknown) {
    if (command === "on") arg === "ready" && (config ? (fn as Listener)() : listeners.push(fn as Listener));
    else if (!config) queued.push([command, arg]);
    else if (command === "close") Object.values(hosts).map((host) => host.close());
    else if (command === "open") {
      const host = hosts[(arg as WidgetName) || "chat"];
      if (host) void mount((arg as WidgetName) || "chat", host).then(() => host.open());
    }
  }
  // The loader of a second tag finds `s` and stops.
  api.s = script;
  w.Nikki = api;

  stub.c
    // An async tag in <head> may run before the page is parsed: the inline widgets further down would not be found yet.
    .then(
      (body) =>
        new Promise<typeof body>((resolve) => (document.readyState === "loading" ? addEventListener("DOMContentLoaded", () => resolve(body)) : resolve(body))),
    )
    .then((body) => {
      if (body.error) throw Error(body.error.message);
      const wanted = (name: WidgetName) => body.widgets.includes(name) && (data.widgets ?? name).includes(name);
      config = body;
      if (wanted("chat")) launch("chat", '<svg viewBox="0 0 24 24"><path d="M4 4h16v12H8l-4 4z"/></svg>', chatTitle(body.organization.name));
      if (wanted("test-call")) launch("test-call", `<svg viewBox="0 0 24 24"><path d="${PHONE_ICON}"/></svg><b>Test a Call</b> <span>60s</span>`);
      if (wanted("voice-demo")) document.querySelectorAll<WidgetElement>("nikki-voice-demo").forEach((el) => mount("voice-demo", el));
      // Mounted when the browser is idle: the chunks are small, and Test a Call may open itself (data-auto-open). At
      // most 2 s later all the same: a page that never idles (seen in headless Chromium on the home page) starves
      // idle callbacks, and the widgets would wait for a click and never open by themselves.
      const mountAll = () => Object.entries(hosts).map(([name, host]) => mount(name as WidgetName, host));
      w.requestIdleCallback ? w.requestIdleCallback(mountAll, { timeout: 2_000 }) : setTimeout(mountAll);
      // SPA routers that swap or clear <body> drop the launchers: put them back.
      setInterval(() => {
        for (const host of Object.values(hosts)) host.isConnected || document.body.append(host);
        clear();
      }, 1_000);
      clear();
      listeners.map((fn) => fn());
      queued.map((args) => api(...(Array.from(args) as [string])));
    })
    .catch((error: Error) => console.warn(`Nikki: ${error.message}`));
}
