import { type Page, expect } from "@playwright/test";

export const E2E_PASSWORD = "e2e password 123";

let counter = 0;
export function e2eEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Signs up through /signup as a visitor would and waits for the dashboard. */
export async function signUpThroughPage(page: Page, input: { email: string; company?: string; first?: string; path?: string }) {
  // Each test's visitor signs up from an address of its own (as Cloudflare's edge would say), so the per-address
  // sign-up limit counts people, not this test run.
  const address = `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  await page.route("**/api/account/signup", (route) => route.continue({ headers: { ...route.request().headers(), "cf-connecting-ip": address } }));
  await page.goto(input.path ?? "/signup");
  await page.getByLabel("First name").fill(input.first ?? "Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  if (input.company !== undefined) {
    await page.getByLabel("Company name").fill(input.company);
    await page.getByLabel("Email").fill(input.email);
  } else {
    // From an invitation: the e-mail is the invited one, filled in and read-only.
    await expect(page.getByLabel("Email")).toHaveValue(input.email);
  }
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: /Start Free Trial|Create Account and Join/ }).click();
  await page.waitForURL("**/dashboard");
}
