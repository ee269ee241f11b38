import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the page's first toast (src/lib/hydrate-on-toast.ts). */
    "client:toast"?: boolean;
  }
}

/** Adds `client:toast`, the Toaster's hydration on the page's first toast. */
export function toastDirective(): AstroIntegration {
  return {
    name: "nikki-client-toast",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) =>
        addClientDirective({ name: "toast", entrypoint: fileURLToPath(new URL("../src/lib/hydrate-on-toast.ts", import.meta.url)) }),
    },
  };
}
