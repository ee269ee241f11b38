/**
 * Host pages on another origin than the worker, as a business's own site would be, for the e2e specs' widgets and
 * bench:widgets' Lighthouse runs: each fixture in dev/host-pages/ is served with `{{WORKER}}` replaced by the worker's
 * origin, and `csp.html` under a strict Content-Security-Policy (no 'unsafe-inline'; our scripts allowed by nonce only).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

export const CSP_NONCE = "n0nce-e2e-7f3a";

const DIR = fileURLToPath(new URL("./host-pages/", import.meta.url));

export function startHostPages(workerOrigin: string, port: number) {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    // The SPA fixture answers every /app/* route with the same page, as an SPA host would.
    const name = url.pathname.startsWith("/app") ? "spa.html" : url.pathname.slice(1) || "plain.html";
    let html: string;
    try {
      if (!/^[a-z-]+\.html$/.test(name)) throw new Error("not a fixture");
      html = readFileSync(`${DIR}${name}`, "utf8").replaceAll("{{WORKER}}", workerOrigin).replaceAll("{{NONCE}}", CSP_NONCE);
      // `?key=` embeds another widget key (a page routed by the test itself would lose Chromium's loopback access).
      const key = url.searchParams.get("key");
      if (key && /^pk_[a-z0-9_]+$/.test(key)) html = html.replaceAll("pk_demo_nikki_ai", key);
      // `?notag` is the same page without the widgets, for the Lighthouse comparison.
      if (url.searchParams.has("notag")) html = html.replace(/<script[^>]*loader\.js[^>]*><\/script>/g, "");
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
    if (name === "csp.html") {
      headers["content-security-policy"] = [
        "default-src 'none'",
        `script-src 'nonce-${CSP_NONCE}'`,
        `connect-src ${workerOrigin}`,
        "style-src 'self'",
        "img-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join("; ");
    }
    response.writeHead(200, headers).end(html);
  });
  return new Promise<typeof server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
