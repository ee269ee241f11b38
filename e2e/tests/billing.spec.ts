import { expect, test } from "@playwright/test";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { e2eEmail, signUpNewBusiness, signUpThroughPage } from "../support/accounts";
import { queryOne } from "../support/db";
import { STRIPE_SIM_PORT } from "@nikki/dev/e2e-ports";

const STRIPE = `http://127.0.0.1:${STRIPE_SIM_PORT}`;

test.describe("pricing to a paid subscription", () => {
  test("signed out, Subscribe says to sign in and goes to /login?redirect=/pricing", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Start Free Trial: Growth" }).first().click();
    await expect(page.getByText("Please sign in to subscribe to a plan")).toBeVisible();
    await page.waitForURL("**/login?redirect=/pricing");
  });

  test("sign up → /pricing → Growth → the simulated Stripe Checkout → /welcome confirms the plan and its first charge", async ({ page, context }) => {
    test.slow();
    await signUpThroughPage(page, { email: e2eEmail("billing"), company: "Billing Plumbing" });
    await page.goto("/pricing");
    const growth = page.getByRole("button", { name: "Start Free Trial: Growth" }).first();
    const [checkout] = await Promise.all([context.waitForEvent("page"), growth.click()]);
    await checkout.waitForLoadState();
    // Checkout opens in a new tab (README): the pricing page stays where it was.
    await expect(page).toHaveURL(/\/pricing$/);
    expect(checkout.url()).toContain(`127.0.0.1:${STRIPE_SIM_PORT}/pay/cs_sim`);
    // The free trial's days carry over: Stripe offers the trial, nothing due today.
    await expect(checkout.getByRole("heading", { name: "Try Growth" })).toBeVisible();
    await expect(checkout.getByText("14 days free")).toBeVisible();
    await expect(checkout.getByText(/^Then \$79\.00 per month starting /)).toBeVisible();
    await checkout.getByRole("button", { name: "Start trial" }).click();
    await checkout.waitForURL("**/welcome");
    await expect(
      checkout.getByText(
        /^You chose the Growth plan at \$79 a month\. Nothing was charged today: your free trial runs until .+, when your card is first charged \$79\.$/,
      ),
    ).toBeVisible();
    const subscription = await checkout.evaluate(async () => (await fetch("/api/billing/subscription")).json());
    expect(subscription).toMatchObject({ subscribed: true, status: "trialing", plan: { slug: "growth" } });
    const invoices = (await checkout.evaluate(async () => (await fetch("/api/billing/invoices")).json())) as { invoices: unknown[] };
    expect(invoices.invoices).toHaveLength(1);
    await checkout.waitForURL("**/dashboard", { timeout: 10_000 });

    // With a plan, /pricing sells no second one: its plan is marked, the others lead to Billing's Change plan.
    await page.reload();
    await expect(page.getByRole("link", { name: "Your plan: Growth" })).toHaveAttribute("href", "/dashboard/billing");
    await expect(page.getByRole("link", { name: "Change plan: Scale" })).toHaveAttribute("href", "/dashboard/billing");
    await expect(page.getByRole("button", { name: /Start Free Trial/ })).toHaveCount(0);
  });
});

/** Stripe's API, as the business's Stripe account would be called (the simulator's secret key). */
const stripeApi = (path: string, form?: string) =>
  fetch(`${STRIPE}/v1${path}`, {
    method: form === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${SIMULATED_CREDENTIALS.stripeSecretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });

test("a new practice chooses Growth in Billing during its trial: one truth (trial until a date, then charged), a real invoice PDF, then paid", async ({
  page,
}) => {
  test.slow();
  await signUpNewBusiness(page, { email: e2eEmail("dental-billing"), company: "Bright Smile Dental" });
  await page.goto("/dashboard/billing");
  const trial = page.getByRole("region", { name: "Free trial" });
  await expect(trial.getByText("Free trial · 14 days left")).toBeVisible();

  await page.getByRole("button", { name: "Choose a plan" }).click();
  const plans = page.getByRole("dialog", { name: "Choose a plan" });
  await plans.getByLabel(/^Growth/).check();
  await plans.getByRole("button", { name: "Continue to checkout" }).click();
  await page.waitForURL(`${STRIPE}/pay/**`);
  await expect(page.getByRole("heading", { name: "Try Growth" })).toBeVisible();
  await expect(page.getByText("Total due today")).toBeVisible();
  await expect(page.getByText("$0.00")).toBeVisible();
  await page.getByRole("button", { name: "Start trial" }).click();

  // Back on Billing: what was bought and when the first charge is, once Stripe's webhook is on record.
  await page.waitForURL("**/dashboard/billing?checkout=success");
  const confirmation = page.getByRole("region", { name: "Thank you: your plan is confirmed" });
  const confirmed = confirmation.getByText(
    /^You chose the Growth plan at \$79 a month\. Nothing was charged today: your free trial runs until (.+), when your card is first charged \$79\.$/,
  );
  await expect(confirmed).toBeVisible();
  const firstCharge = /runs until (.+), when/.exec((await confirmed.textContent()) ?? "")![1]!;

  // The badge, the sentence and Stripe agree: a trial until that day, then $79; never "Active" before a charge.
  const plan = page.getByRole("region", { name: "Growth plan" });
  await expect(plan.getByText("Free trial · 14 days left")).toBeVisible();
  await expect(
    plan.getByText(`Free trial until ${firstCharge}: nothing is charged before then. Your card is charged $79 on ${firstCharge}, then every month.`),
  ).toBeVisible();
  await expect(plan.getByText(/Active|renews/)).toHaveCount(0);
  const me = (await (await page.request.get("/api/account/me")).json()) as { organization: { id: string } };
  const row = await queryOne<{ stripe_subscription_id: string }>(
    "select stripe_subscription_id from subscriptions where organization_id = ?",
    me.organization.id,
  );
  const stripe = (await (await stripeApi(`/subscriptions/${row!.stripe_subscription_id}`)).json()) as { status: string; trial_end: number };
  const billing = (await (await page.request.get("/api/billing/subscription")).json()) as { trial_ends_at: string; trial_end: string };
  expect(stripe.status).toBe("trialing");
  expect(stripe.trial_end * 1000).toBe(Math.floor(new Date(billing.trial_ends_at).getTime() / 1000) * 1000);
  expect(new Date(billing.trial_end).getTime()).toBe(stripe.trial_end * 1000);

  // The trial's $0 invoice, and its Download link opens a real PDF.
  const invoices = page.getByRole("region", { name: "Invoices" });
  const trialInvoice = invoices.getByRole("row").filter({ hasText: "$0.00" });
  await expect(trialInvoice.getByText("Paid")).toBeVisible();
  const number = (await trialInvoice.getByRole("cell").first().textContent())!;
  expect(number).toMatch(/^SIM-\d{4}$/);
  const download = trialInvoice.getByRole("link", { name: "Download" });
  const pdf = await page.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = (await pdf.body()).toString("latin1");
  expect(bytes.startsWith("%PDF-1.4")).toBe(true);
  expect(bytes.trimEnd().endsWith("%%EOF")).toBe(true);
  expect(bytes).toContain(`(${number})`);
  expect(bytes).toContain("(Trial period for Growth)");

  // At the trial's end Stripe ends it (as `trial_end=now` does): the first month is charged and Billing says paid.
  expect((await stripeApi(`/subscriptions/${row!.stripe_subscription_id}`, "trial_end=now")).status).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(plan.getByText("Active", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(plan.getByText(/^\$79 a month, paid\. Next charge: \$79 on .+\.$/)).toBeVisible();
  await expect(plan.getByText(/Free trial/)).toHaveCount(0);
  const paidInvoice = invoices.getByRole("row").filter({ hasText: "$79.00" });
  await expect(paidInvoice.getByText("Paid")).toBeVisible();
  const paidPdf = await page.request.get((await paidInvoice.getByRole("link", { name: "Download" }).getAttribute("href"))!);
  expect((await paidPdf.body()).toString("latin1")).toContain("(1 \xd7 Growth \\(at $79.00 / month\\))");
});
