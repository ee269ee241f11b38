import type { ClientDirective } from "astro";
import { TOAST_RAISED } from "./toast-raised";

/**
 * `client:toast`: the island hydrates when the page raises its first toast. The Toaster has nothing to show before,
 * and hydrating it at idle loaded React on pages whose other islands did not need it yet (Lighthouse's blocking
 * time). Toasts raised before it hydrates wait in the shared store (lib/toast.ts) and show once it has.
 */
const hydrateOnToast: ClientDirective = (load) => {
  addEventListener(TOAST_RAISED, async () => (await load())(), { once: true });
};
export default hydrateOnToast;
