/**
 * Item 12, against the running product: the session cookie is HttpOnly and SameSite (Secure on HTTPS is the
 * signup test's, reported as item 12t: this loopback run is plain HTTP); each state-changing route refuses a
 * request from a foreign origin, with a valid session, before it acts; the widget endpoints' CORS answers only
 * the organization's listed origins and the product's own.
 */
import { DEMO } from "../../worker/src/db/seed";
import { type ReliabilityItem, outcome, signUpOwner, totalRows } from "./context";

const FOREIGN = "https://evil.example";
const STATE_CHANGING: [method: string, path: string, body: unknown][] = [
  ["PATCH", "/api/org", { name: "Pwned" }],
  ["PATCH", "/api/org/settings", { post_call_sms: false }],
  ["POST", "/api/org/widget-key", {}],
  ["POST", "/api/org/invitations", { email: "attacker@example.com", role: "admin" }],
  ["DELETE", "/api/org", { confirm: "Reliability Plumbing" }],
  ["POST", "/api/billing/checkout", { plan_slug: "growth" }],
  ["POST", "/api/agents", { name: "Rogue" }],
  ["POST", "/api/numbers/search", { area_code: "415" }],
  ["PUT", "/api/integrations/hubspot", { credentials: { private_app_token: "pat-na1-x" } }],
  ["POST", "/api/auth/sign-out", {}],
];

export const browserBoundary: ReliabilityItem = {
  number: "12",
  name: "cookies_origins_cors",
  server: true,
  async run(context) {
    const failures: string[] = [];
    const signIn = await fetch(`${context.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: context.base },
      body: JSON.stringify({ email: DEMO.ownerEmail, password: DEMO.ownerPassword }),
    });
    const session = signIn.headers.getSetCookie().find((line) => line.includes("session_token=")) ?? "";
    const httpOnly = /;\s*HttpOnly/i.test(session);
    const sameSite = /;\s*SameSite=(Lax|Strict)/i.exec(session)?.[1] ?? "none";
    if (!httpOnly) failures.push("session cookie not HttpOnly");
    if (sameSite === "none") failures.push("session cookie without SameSite");

    const owner = await signUpOwner(context.base, "Reliability Plumbing");
    const before = await totalRows(context.db);
    let refused = 0;
    for (const [method, path, body] of STATE_CHANGING) {
      const response = await fetch(`${context.base}${path}`, {
        method,
        headers: { "content-type": "application/json", cookie: owner.cookie, origin: FOREIGN },
        body: JSON.stringify(body),
      });
      if (response.status === 403) refused++;
      else failures.push(`${method} ${path} from ${FOREIGN}: ${response.status}`);
    }
    const written = (await totalRows(context.db)) - before;
    if (written) failures.push(`${written} rows written by foreign-origin requests`);

    // The demo organization lists no origins: only the product's own is granted; a preflight from elsewhere is 403.
    const preflight = (origin: string) =>
      fetch(`${context.base}/api/chat?key=${DEMO.publicWidgetKey}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
    const own = await preflight(context.base);
    const foreign = await preflight(FOREIGN);
    const corsOwn = own.status === 204 && own.headers.get("access-control-allow-origin") === context.base;
    const corsForeign = foreign.headers.get("access-control-allow-origin");
    if (!corsOwn) failures.push(`own-origin preflight: ${own.status} ${own.headers.get("access-control-allow-origin")}`);
    if (foreign.status !== 403 || corsForeign !== null) failures.push(`foreign preflight: ${foreign.status} allow-origin=${corsForeign}`);
    const credentials = [own, foreign].some((response) => response.headers.get("access-control-allow-credentials") === "true");
    if (credentials) failures.push("a widget endpoint allows credentials");
    return outcome(
      {
        http_only: Number(httpOnly),
        same_site: sameSite,
        foreign_origin_refused: `${refused}/${STATE_CHANGING.length}`,
        rows_written: written,
        cors_own: Number(corsOwn),
        cors_foreign_granted: Number(corsForeign !== null),
      },
      failures,
    );
  },
};
