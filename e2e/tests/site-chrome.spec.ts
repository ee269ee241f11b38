import { TIMINGS } from "@nikki/core";
import { chromium, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { filledContactForm } from "../support/contact-form";
import { E2E_PORT } from "@nikki/dev/e2e-ports";

test.describe("pages and shared chrome", () => {
  test("an unknown path shows the 404 page and reports the path to the worker", async ({ page }) => {
    const report = page.waitForRequest((r) => r.url().endsWith("/api/telemetry/not-found"));
    const response = await page.goto("/no-such-page?from=e2e");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    const sent = await report;
    expect(sent.postDataJSON()).toMatchObject({ path: "/no-such-page?from=e2e" });
    expect((await sent.response())?.status()).toBe(204);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const [path, robots] of [
    ["/", "index, follow"],
    ["/contact", "index, follow"],
    ["/thank-you", "noindex, follow"],
  ] as const) {
    test(`${path} sets its title, description, canonical and robots`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(/Nikki AI/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", robots);
    });
  }

  test("the home description derives its starting price from the plan catalogue", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /from \$29\/month/);
  });

  test("/thank-you without a lead goes home after 3 seconds", async ({ page }) => {
    await page.goto("/thank-you");
    const started = Date.now();
    await expect(page.getByText("No submission found.")).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/", { timeout: 8_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.thankYouRedirectMs - 500);
  });

  test("the Solutions dropdown opens, lists the three solutions and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Solutions" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const name of ["AI Receptionist", "After Hours", "Bilingual Support"]) {
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("the footer has four columns and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const heading of ["Solutions", "Quick Links", "Legal"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Nikki AI`);
    for (const name of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", "/contact");
    }
  });

  test("at 390 px the navigation collapses behind the menu button", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Pricing" })).toBeHidden();
    await nav.getByRole("button", { name: "Menu" }).click();
    await expect(nav.getByRole("link", { name: "Pricing" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Start Free Trial" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  test("a signed-in user sees Dashboard and Sign out in the public navigation, not Login", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("banner");
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await signUpNewBusiness(page, { email: e2eEmail("nav"), company: "Nav Plumbing" });
    await page.goto("/pricing");
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
    await nav.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("/welcome tells a visitor who has not paid the truth", async ({ page }) => {
    await signUpNewBusiness(page, { email: e2eEmail("welcome"), company: "Unpaid Plumbing" });
    await page.goto("/welcome");
    await expect(page.getByText("No payment is on record for your organization yet.", { exact: false })).toBeVisible();
    await expect(page.getByText("Your payment went through")).toHaveCount(0);
  });

  test("the same failure four times shows one toast counting them, never a pile", async ({ page }) => {
    const form = await filledContactForm(page, { offline: true });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await form.getByRole("button", { name: "Send Message" }).click();
      // Each failure is toasted before the next click: clicks made before the form's behaviour has loaded (late on a
      // busy machine) are held and go through as one submission, so they would count once.
      await expect(page.getByRole("alert")).toContainText(attempt === 1 ? "Submission failed" : `×${attempt}`);
      await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    }
    await expect(page.getByRole("alert")).toHaveCount(1);
    await expect(page.getByRole("alert")).toContainText("×4");
  });

  test("a plain-HTTP visit to a non-local host is sent to HTTPS", async () => {
    const browser = await chromium.launch({
      executablePath: test.info().project.use.launchOptions?.executablePath,
      args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP nikki.test 127.0.0.1`],
    });
    const page = await browser.newPage();
    const upgraded = page.waitForRequest((request) => request.url().startsWith("https://nikki.test"));
    await page.goto(`http://nikki.test:${E2E_PORT}/contact?x=1`).catch(() => undefined);
    expect((await upgraded).url()).toBe(`https://nikki.test:${E2E_PORT}/contact?x=1`);
    await browser.close();
  });
});
