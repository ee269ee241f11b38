import { expect, test } from "@playwright/test";
import { e2eEmail, signUpThroughPage } from "../support/accounts";
import { STRIPE_SIM_PORT } from "@nikki/dev/e2e-ports";

test.describe("pricing to a paid subscription", () => {
  test("signed out, Subscribe says to sign in and goes to /login?redirect=/pricing", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Start Free Trial: Growth" }).first().click();
    await expect(page.getByText("Please sign in to subscribe to a plan")).toBeVisible();
    await page.waitForURL("**/login?redirect=/pricing");
  });

  test("sign up → /pricing → Growth → the simulated Stripe Checkout → /welcome → the subscription is active", async ({ page, context }) => {
    test.slow();
    await signUpThroughPage(page, { email: e2eEmail("billing"), company: "Billing Plumbing" });
    await page.goto("/pricing");
    const growth = page.getByRole("button", { name: "Start Free Trial: Growth" }).first();
    const [checkout] = await Promise.all([context.waitForEvent("page"), growth.click()]);
    await checkout.waitForLoadState();
    // Checkout opens in a new tab (README): the pricing page stays where it was.
    await expect(page).toHaveURL(/\/pricing$/);
    expect(checkout.url()).toContain(`127.0.0.1:${STRIPE_SIM_PORT}/pay/cs_sim`);
    await expect(checkout.getByRole("heading", { name: "Subscribe to growth" })).toBeVisible();
    await expect(checkout.getByText("$79.00 per month, after a 14-day free trial.")).toBeVisible();
    await checkout.getByRole("button", { name: "Pay and subscribe" }).click();
    await checkout.waitForURL("**/welcome");
    await expect(checkout.getByText(/Your Growth subscription is active: your free trial runs until/)).toBeVisible();
    const subscription = await checkout.evaluate(async () => (await fetch("/api/billing/subscription")).json());
    expect(subscription).toMatchObject({ subscribed: true, status: "trialing", plan: { slug: "growth" } });
    const invoices = (await checkout.evaluate(async () => (await fetch("/api/billing/invoices")).json())) as { invoices: unknown[] };
    expect(invoices.invoices).toHaveLength(1);
    await checkout.waitForURL("**/dashboard", { timeout: 10_000 });
  });
});
