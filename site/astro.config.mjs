import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { cspHeaders } from "./integrations/csp-headers.ts";
import { toastDirective } from "./integrations/toast-directive.ts";

export default defineConfig({
  // Canonical links and the sitemap use this origin; a deployment builds with SITE_URL set to its own.
  site: process.env.SITE_URL ?? "http://localhost:8787",
  output: "static",
  trailingSlash: "never",
  // `contact.html` rather than `contact/index.html`: Workers static assets then serve /contact with no redirect. The CSS
  // goes inline: two render-blocking stylesheet requests cost the first paint a round trip each on a phone.
  build: { format: "file", inlineStylesheets: "always" },
  integrations: [react(), toastDirective(), cspHeaders()],
  devToolbar: { enabled: false },
});
