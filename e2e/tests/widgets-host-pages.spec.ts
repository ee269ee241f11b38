import { expect, test } from "@playwright/test";
import { HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { chatLauncher, chatPanel, hostStyles, testCallDialog, testCallLauncher, waitForLaunchers } from "../support/widgets";

test.describe("the widgets on a business's own site (another origin)", () => {
  test("a page with hostile CSS: the widgets render and work, and the page's own styles are untouched", async ({ page }) => {
    const selectors = ["html", "body", "#title", "#copy", "#own-button"];
    await page.route("**/widget/v1/loader.js", (route) => route.abort());
    await page.goto(`${HOST_ORIGIN}/hostile.html`);
    const without = await hostStyles(page, selectors);
    await page.unroute("**/widget/v1/loader.js");

    await page.goto(`${HOST_ORIGIN}/hostile.html`);
    await waitForLaunchers(page);
    const launcherBox = await chatLauncher(page).boundingBox();
    expect(launcherBox?.width).toBe(56);
    await chatLauncher(page).click();
    await expect(chatPanel(page)).toBeVisible();
    const input = chatPanel(page).getByPlaceholder("Type your question…");
    await expect(input).toBeFocused();
    expect(await input.evaluate((el) => getComputedStyle(el).fontSize)).toBe("14px");
    expect(await chatPanel(page).evaluate((el) => [getComputedStyle(el).textTransform, getComputedStyle(el).letterSpacing])).toEqual(["none", "normal"]);
    await testCallLauncher(page).click();
    await expect(testCallDialog(page)).toBeVisible();
    await expect(testCallDialog(page).getByRole("button", { name: "Call Me Now" })).toBeVisible();

    expect(await hostStyles(page, selectors)).toEqual(without);
    expect(await page.evaluate(() => Object.keys(window).filter((key) => /nikki/i.test(key)))).toEqual(["Nikki"]);
  });

  test("a page with a strict CSP: loaded by nonce, working, and no violation", async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    await page.goto(`${HOST_ORIGIN}/csp.html`);
    await waitForLaunchers(page);
    await chatLauncher(page).click();
    await chatPanel(page).getByPlaceholder("Type your question…").fill("Do you work weekends?");
    await chatPanel(page).getByRole("button", { name: "Send message" }).click();
    await expect(chatPanel(page).locator(".bubble.assistant", { hasText: "I'm sorry, I don't know that." })).toBeVisible();
    await testCallLauncher(page).click();
    await testCallDialog(page).getByRole("tab", { name: "Hear it in Browser" }).click();
    await expect(testCallDialog(page).getByText("System Health")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  test("an inline voice demo further down a page still being parsed is mounted: the loader waits for the page", async ({ page }) => {
    // The widget config arrives while a slow script still holds the parser above <nikki-voice-demo>.
    await page.route("**/parser-blocking.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ contentType: "text/javascript", body: "" });
    });
    await page.goto(`${HOST_ORIGIN}/slow-parse.html`);
    await expect(page.locator("nikki-voice-demo").getByRole("button", { name: "Start Demo" })).toBeVisible();
  });

  test("a single-page app: the launchers survive route changes, a cleared body and a new body element", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/app/home`);
    await waitForLaunchers(page);
    for (const route of ["One", "Two", "Three (new body)"]) {
      await page.getByRole("link", { name: route }).click();
      await waitForLaunchers(page);
      await expect(page.locator("nikki-chat")).toHaveCount(1);
    }
    await chatLauncher(page).click();
    await expect(chatPanel(page)).toBeVisible();
    // data-widgets="chat,test-call": the page asked for two widgets only.
    await expect(page.locator("nikki-voice-demo")).toHaveCount(0);
  });

  test("the tag twice, with calls queued before it loaded: one set of widgets, the queue replayed", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/twice.html`);
    await expect(chatPanel(page)).toBeVisible();
    await expect(page.locator("nikki-chat")).toHaveCount(1);
    await expect(page.locator("nikki-test-call")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __ready: number }).__ready)).toBe(1);
    await page.evaluate(() => (window as unknown as { Nikki: (command: string, arg?: string) => void }).Nikki("open", "test-call"));
    await expect(testCallDialog(page)).toBeVisible();
    await expect(chatPanel(page)).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(testCallDialog(page)).toHaveCount(0);
    await expect(testCallLauncher(page)).toBeFocused();
  });

  test("an unknown key shows no widgets and says why in the console", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
    await page.goto(`${HOST_ORIGIN}/plain.html?key=pk_nobody_has_this_key`);
    await expect.poll(() => warnings.join("\n")).toContain("This widget key is not recognised");
    await expect(page.locator("nikki-chat")).toHaveCount(0);
  });
});
