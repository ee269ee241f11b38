import { expect, test } from "@playwright/test";
import { createBusiness, e2eEmail } from "../support/accounts";
import { execute, queryOne } from "../support/db";
import { E2E_BASE_URL, HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { chatLauncher, chatPanel, launchersPlaced, simulatedCallsTo, testCallDialog, testCallLauncher, waitForLaunchers } from "../support/widgets";

test.describe("the widgets' flows against the simulated providers", () => {
  test("chat: a round trip with Typing..., the reply announced, the conversation kept for the tab", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/plain.html`);
    await chatLauncher(page).click();
    const panel = chatPanel(page);
    // A foreign page: the chat speaks as the demo business's own agent, not as this product.
    await expect(panel.getByText("Hi, I'm Nikki at Nikki AI Demo. How can I help you today?")).toBeVisible();
    const input = panel.getByPlaceholder("Type your question…");
    await input.fill("   ");
    await expect(panel.getByRole("button", { name: "Send message" })).toBeDisabled();
    // Hold the request a moment so the pending state can be seen.
    await page.route("**/api/chat?**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await input.fill("  How much does the Growth plan cost?  ");
    await input.press("Enter");
    await expect(panel.getByText("Typing...")).toBeVisible();
    await expect(input).toBeDisabled();
    const answer = "Plans start at $29 a month with a 14-day free trial.";
    await expect(panel.locator(".bubble.assistant", { hasText: answer })).toBeVisible();
    await expect(panel.locator("[aria-live=polite]").last()).toContainText(answer);
    await expect(input).toBeEnabled();
    await expect(panel.getByRole("button", { name: "Leave your number" })).toBeVisible();

    await page.reload();
    await chatLauncher(page).click();
    await expect(chatPanel(page).locator(".bubble.user", { hasText: "How much does the Growth plan cost?" })).toBeVisible();
    await expect(chatPanel(page).getByPlaceholder("Type your question…")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(chatPanel(page)).toHaveCount(0);
    await expect(chatLauncher(page)).toBeFocused();
    // Escape also closes while focus is still on the launcher, as it is for a moment right after opening.
    await chatLauncher(page).click();
    await chatLauncher(page).focus();
    await page.keyboard.press("Escape");
    await expect(chatPanel(page)).toHaveCount(0);
  });

  test("chat: a provider rate limit shows the spec's toast and gives the question back", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/plain.html`);
    await chatLauncher(page).click();
    const input = chatPanel(page).getByPlaceholder("Type your question…");
    await input.fill("Hello [simulate:rate-limit]");
    await input.press("Enter");
    const toast = page.locator("nikki-chat").getByRole("alert");
    await expect(toast).toContainText("Too many requests");
    await expect(toast).toContainText("Please wait a moment before sending another message.");
    await expect(input).toHaveValue("Hello [simulate:rate-limit]");
  });

  test("Test a Call: validation toasts, calls placed through Twilio, the 5 s reset, a scheduled call once when due, then the per-IP limit", async ({
    page,
  }) => {
    test.slow();
    await page.goto(`${HOST_ORIGIN}/plain.html`);
    await testCallLauncher(page).click();
    const dialog = testCallDialog(page);
    const call = dialog.getByRole("button", { name: "Call Me Now" });
    const toasts = page.locator("nikki-test-call .toasts");

    await call.click();
    await expect(toasts).toContainText("Phone Required");
    await dialog.getByLabel("Your phone number").fill("415 555 01");
    await call.click();
    await expect(toasts).toContainText("Consent Required");
    await dialog.getByLabel("I agree to receive an automated test call.").check();
    await call.click();
    await expect(toasts).toContainText("Please enter a valid phone number (10 digits for US)");
    expect(await simulatedCallsTo("+141555501")).toHaveLength(0);

    // 1st attempt this hour from this IP: a call now.
    await dialog.getByLabel("Your phone number").fill("(415) 555-7101");
    await call.click();
    await expect(dialog.getByText("Call initiated!")).toBeVisible();
    await expect(toasts).toContainText("Dialing now—answer to hear the assistant.");
    const [placed] = await simulatedCallsTo("+14155557101");
    expect(placed?.form.Url).toMatch(/\/twilio\/voice\/outbound\?agent=agt_demo_nikki$/);
    await expect(dialog.getByLabel("Your phone number")).toHaveValue("", { timeout: 8_000 });
    await expect(dialog.getByLabel("I agree to receive an automated test call.")).not.toBeChecked();

    // 2nd: scheduled for later.
    await dialog.getByRole("button", { name: "Schedule for later" }).click();
    const scheduler = page.locator("nikki-test-call").getByRole("dialog", { name: "Schedule Test Call" });
    await scheduler.getByLabel("Phone number").fill("415-555-7102");
    await scheduler.getByRole("button", { name: "Schedule Call" }).click();
    await expect(toasts).toContainText("Please select a date and time");
    const later = new Date(Date.now() + 2 * 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await scheduler.getByLabel("Date and time").fill(later);
    await scheduler.getByLabel("I agree to receive an automated test call.").check();
    await scheduler.getByRole("button", { name: "Schedule Call" }).click();
    await expect(toasts).toContainText("Scheduled! We'll call you at the time you chose.");
    await expect(scheduler).toHaveCount(0);
    expect((await queryOne<{ status: string }>("select status from demo_call_requests where phone_e164 = ?", "+14155557102"))?.status).toBe("queued");

    // The cron runs every minute; make the call due and run it twice: one call.
    await execute("update demo_call_requests set scheduled_at = ? where phone_e164 = ?", Date.now() - 1_000, "+14155557102");
    for (let run = 0; run < 2; run++) expect((await fetch(`${E2E_BASE_URL}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`)).ok).toBe(true);
    await expect
      .poll(async () => (await queryOne<{ status: string }>("select status from demo_call_requests where phone_e164 = ?", "+14155557102"))?.status)
      .toBe("completed");
    expect(await simulatedCallsTo("+14155557102")).toHaveLength(1);

    // 3rd: allowed; 4th: the organization's limit (3 per IP per hour).
    await dialog.getByLabel("Your phone number").fill("4155557103");
    await dialog.getByLabel("I agree to receive an automated test call.").check();
    await call.click();
    await expect(dialog.getByText("Call initiated!")).toBeVisible();
    await expect(dialog.getByLabel("Your phone number")).toHaveValue("", { timeout: 8_000 });
    await dialog.getByLabel("Your phone number").fill("4155557104");
    await dialog.getByLabel("I agree to receive an automated test call.").check();
    await call.click();
    await expect(dialog.getByRole("alert")).toHaveText("Too many demo requests. Please wait a bit.");
    await expect(toasts).toContainText("Couldn't place the call");
    expect(await simulatedCallsTo("+14155557104")).toHaveLength(0);
    await expect(dialog.getByRole("link", { name: "Listen to a sample call" })).toHaveAttribute("href", `${E2E_BASE_URL}/demos`);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog.getByLabel("Your phone number")).toHaveValue("4155557104");
  });

  test("data-auto-open: the product site opens Test a Call by itself once, 2.5 s into a first visit", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`${E2E_BASE_URL}/`);
    // Placed: on a 720 px high screen the hero form's submit button lies under Test a Call, which steps aside from it.
    await launchersPlaced(page);
    await expect(testCallDialog(page)).toBeVisible({ timeout: 6_000 });
    const openedAt = await page.evaluate(() => performance.now());
    expect(openedAt).toBeGreaterThanOrEqual(2_500);
    await page.keyboard.press("Escape");
    await page.reload();
    await launchersPlaced(page);
    await page.waitForTimeout(3_500);
    await expect(testCallDialog(page)).toHaveCount(0);
    await context.close();
  });

  test("someone signed in is a customer: /pricing never opens Test a Call by itself over the plans", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await createBusiness(page, { email: e2eEmail("signed-in-pricing"), company: "Signed In Dental" });
    await page.goto("/pricing");
    await launchersPlaced(page);
    await page.waitForTimeout(3_500);
    await expect(testCallDialog(page)).toHaveCount(0);
    await context.close();
  });

  test("Test a Call opens itself only on marketing pages: never over /login, /invite or /live", async ({ browser }) => {
    for (const path of ["/login", "/invite", "/live"]) {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto(`${E2E_BASE_URL}${path}`);
      await waitForLaunchers(page);
      await expect(page.locator("script[src='/widget/v1/loader.js']")).not.toHaveAttribute("data-auto-open");
      await page.waitForTimeout(3_000);
      await expect(testCallDialog(page)).toHaveCount(0);
      await context.close();
    }
  });
});
