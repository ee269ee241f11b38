/**
 * `/widget/v1/loader.js`: the one script tag a business pastes. Only what must run before the page is idle is here
 * (gzip budget 1 KB): it takes the tag (only a classic script's own run sees `document.currentScript`), sets up the
 * `Nikki` command queue, starts the config fetch at once and, when the browser is idle, injects the first lazy chunk, `boot.js`, which
 * does the rest (launchers, the command API, the widgets' chunks). The only global is `Nikki`; calls queued before it loaded
 * (`window.Nikki = window.Nikki || function () { (Nikki.q = Nikki.q || []).push(arguments) }`) are replayed by boot.
 */
import type { LoaderApi, WidgetConfig } from "./lib/contract";

const w = window as Window & { Nikki?: LoaderApi };
const script = document.currentScript as HTMLScriptElement | null;
const nikki: LoaderApi = (w.Nikki ||= function () {
  (nikki.q ||= []).push(arguments);
});

// A second copy of the tag (or a re-run after an SPA navigation) finds the live instance and stops.
if (script && !nikki.s) {
  nikki.s = script;
  // Fetched now: by the time boot.js runs the config is usually there.
  nikki.c = fetch(`${new URL(script.src).origin}/api/widget/config?key=${script.dataset.key}`)
    .then((response) => response.json() as Promise<WidgetConfig & { error?: { message: string } }>)
    // Held until boot reads it: a failure becomes the error boot warns about, not an unhandled rejection.
    .catch((error: Error) => ({ error }) as WidgetConfig & { error: Error });
  const boot = () => {
    const tag = document.createElement("script");
    tag.type = "module";
    tag.src = script.src.replace(/[^/]*$/, "boot.js");
    // A strict CSP allows our modules by the tag's nonce; their own imports inherit it.
    tag.nonce = script.nonce!;
    document.head.append(tag);
  };
  // The page's own work comes first; at most 2 s later all the same (a page that never idles starves idle callbacks).
  w.requestIdleCallback ? w.requestIdleCallback(boot, { timeout: 2_000 }) : setTimeout(boot);
}
