import { expect, type Page, test } from "@playwright/test";
import { e2eEmail, signUpThroughPage } from "../support/accounts";

/** Every dashboard and operator page (the public ones are checked in public-pages.spec.ts, where a violation is a console error). */
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/calls",
  "/dashboard/appointments",
  "/dashboard/agents",
  "/dashboard/numbers",
  "/dashboard/numbers/help",
  "/dashboard/test-calls",
  "/dashboard/integrations",
  "/dashboard/billing",
  "/dashboard/settings",
  "/dashboard/health/telephony",
  "/dashboard/health/voice",
  "/dashboard/ops/voice",
];

/** Records each Content-Security-Policy violation the page reports, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

function expectStrictPolicy(policy: string | null) {
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "connect-src 'self'"]) expect(policy).toContain(directive);
  expect(policy?.split("; ").find((directive) => directive.startsWith("script-src"))).not.toContain("unsafe");
}

test("every dashboard page is served with the strict policy and runs its islands with no violation", async ({ page }) => {
  // A sign-up, then thirteen pages each loaded until the network is quiet.
  test.slow();
  const violations = await recordViolations(page);
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && /Content Security Policy/i.test(message.text()) && errors.push(message.text()));
  await signUpThroughPage(page, { email: e2eEmail("csp"), company: "Policy Plumbing" });
  for (const path of DASHBOARD_PAGES) {
    const response = await page.goto(path);
    expectStrictPolicy((await response?.allHeaders())?.["content-security-policy"] ?? null);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect({ path, violations: await violations() }).toEqual({ path, violations: [] });
  }
  expect(errors).toEqual([]);
});

test("the sign-in page cannot be framed, and a script injected into a page does not run and is reported", async ({ page, request }) => {
  for (const path of ["/login", "/signup", "/"]) expectStrictPolicy((await request.get(path)).headers()["content-security-policy"] ?? null);
  const violations = await recordViolations(page);
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.appendChild(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect(await violations()).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
});
