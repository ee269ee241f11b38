/**
 * Item 18 (issue 33): no URL a business types turns the worker into its proxy. On a deployed (not local)
 * configuration, 40 hostile URLs go into every URL field a business has (the voice bridge, the CRM webhook, the
 * OpenAI realtime URL, the Zapier catch hook); every one is refused, and then every check that fetches one (the
 * probes, Test Connection) runs. A listener on this machine, which most of the URLs point at in one notation or
 * another, counts what reached it: `fetches=0`.
 */
import { createServer } from "node:http";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { freePort } from "@nikki/dev/free-port";
import { startMiniflareWorker } from "../bench/miniflare-worker";
import { localAuthSecret } from "@nikki/dev/local";
import { type Context, type ReliabilityItem, outcome, signUpOwner } from "./context";

const DEPLOYED_ORIGIN = "https://nikki.example";

/** 40 URLs, each refused by the guard: this machine in every notation (at `port`), cloud metadata, internal names, logins, ports. */
export function hostileUrls(port: number): string[] {
  const loopback = [
    "127.0.0.1",
    "localhost",
    "127.1",
    "2130706433",
    "0x7f000001",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[0:0:0:0:0:0:0:1]",
  ];
  const elsewhere = [
    "169.254.169.254/latest/meta-data/",
    "[fd00:ec2::254]/latest",
    "metadata.google.internal/computeMetadata/v1/",
    "10.0.0.5",
    "192.168.0.1",
    "172.16.0.1",
    "100.100.100.200/latest/meta-data",
    "0.0.0.0",
    "kubernetes.default.svc.cluster.local",
    "api.localhost",
    "router.lan",
    "intranet",
    "127.0.0.1.nip.io",
    "10-0-0-5.sslip.io",
    "1.0.0.127.in-addr.arpa",
  ];
  return [
    ...loopback.map((host) => `https://${host}:${port}/hook`),
    ...loopback.map((host) => `http://${host}:${port}/hook`),
    ...elsewhere.map((host) => `https://${host}`),
    `https://user:pass@127.0.0.1:${port}/`,
    `https://hooks.example.com@127.0.0.1:${port}/`,
    `https://crm.example.com:${port}/hook`,
    `https://crm.example.com\\@127.0.0.1:${port}/`,
    `https://127.0.0\n.1:${port}/`,
  ];
}

const asWebsocket = (url: string) => url.replace(/^http/, "ws");

export const businessUrls: ReliabilityItem = {
  number: "18",
  name: "business_urls",
  server: true,
  async run(context: Context) {
    let fetches = 0;
    const listener = createServer((_request, response) => {
      fetches++;
      response.end("Voice Bridge OK");
    });
    const listenerPort = await freePort();
    await new Promise<void>((resolve) => listener.listen(listenerPort, "127.0.0.1", resolve));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The same product, configured as deployed: PUBLIC_BASE_URL is not this machine, so loopback is refused too.
    const worker = await startMiniflareWorker({
      port,
      vars: { ...context.simulators.vars, ...localAuthSecret(), PUBLIC_BASE_URL: DEPLOYED_ORIGIN, LOG_LEVEL: "error" },
    });
    const failures: string[] = [];
    let saves = 0;
    let refused = 0;
    try {
      const owner = await signUpOwner(base, "Proxy Hunters", DEPLOYED_ORIGIN);
      const send = (method: string, path: string, body: unknown) =>
        fetch(`${base}${path}`, {
          method,
          headers: { "content-type": "application/json", origin: DEPLOYED_ORIGIN, cookie: owner.cookie },
          body: JSON.stringify(body),
        });
      const fields: [string, (url: string) => Promise<Response>][] = [
        ["bridge_ws_url", (url) => send("PATCH", "/api/org/settings", { bridge_ws_url: asWebsocket(url) })],
        ["crm_webhook_url", (url) => send("PATCH", "/api/org/settings", { crm_webhook_url: url })],
        ["realtime_url", (url) => send("PUT", "/api/integrations/openai", { credentials: { api_key: OWN.openai.api_key, realtime_url: asWebsocket(url) } })],
        ["zapier webhook_url", (url) => send("PUT", "/api/integrations/zapier", { credentials: { webhook_url: url } })],
      ];
      for (const [field, save] of fields) {
        for (const url of hostileUrls(listenerPort)) {
          const response = await save(url);
          const body = (await response.json()) as { error?: { code: string; fields?: Record<string, string> } };
          saves++;
          if (response.status === 400 && body.error?.code === "validation_failed" && body.error.fields) refused++;
          else if (failures.length < 8) failures.push(`${field} took ${JSON.stringify(url)} (${response.status})`);
        }
      }
      // Whatever could fetch a business's URL, run once everything was refused.
      for (const target of ["bridge_health", "crm_webhook", "voice_inbound"]) await (await send("POST", "/api/health/probe", { target })).body?.cancel();
      for (const provider of ["openai", "zapier"]) await (await send("POST", `/api/integrations/${provider}/test`, {})).body?.cancel();
      if (refused !== saves) failures.push(`${saves - refused} of ${saves} hostile URLs were stored`);
      if (fetches) failures.push(`${fetches} requests reached this machine's listener`);
    } finally {
      await worker.dispose();
      listener.close();
    }
    return outcome({ fields: 4, urls: hostileUrls(listenerPort).length, saves, refused, fetches }, failures);
  },
};
