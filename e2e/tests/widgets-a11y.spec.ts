import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { chatLauncher, chatPanel, testCallDialog, testCallLauncher, waitForLaunchers } from "../support/widgets";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("nikki-chat").include("nikki-test-call").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("the widgets' accessibility (axe, every state)", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`no serious or critical violation at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${HOST_ORIGIN}/plain.html`);
      await waitForLaunchers(page);
      expect(await seriousViolations(page), "launchers").toEqual([]);

      await chatLauncher(page).click();
      await chatPanel(page).getByPlaceholder("Type your question…").fill("Hello there");
      await chatPanel(page).getByRole("button", { name: "Send message" }).click();
      await expect(chatPanel(page).locator(".bubble.assistant", { hasText: "Thanks for your message!" })).toBeVisible();
      expect(await seriousViolations(page), "chat open").toEqual([]);
      await page.screenshot({ path: `test-results/widgets-chat-${viewport.width}.png` });
      await page.keyboard.press("Escape");

      await testCallLauncher(page).click();
      const dialog = testCallDialog(page);
      // On a phone the dialog is a bottom sheet: the chat launcher steps aside instead of covering it.
      if (viewport.width < 480) await expect(chatLauncher(page)).toBeHidden();
      await dialog.getByRole("button", { name: "Call Me Now" }).click();
      expect(await seriousViolations(page), "test call with a toast").toEqual([]);
      await page.screenshot({ path: `test-results/widgets-test-call-${viewport.width}.png` });
      await dialog.getByRole("button", { name: "Schedule for later" }).click();
      expect(await seriousViolations(page), "scheduler").toEqual([]);
      await page.screenshot({ path: `test-results/widgets-schedule-${viewport.width}.png` });
      await page.keyboard.press("Escape");
      await dialog.getByRole("tab", { name: "Hear it in Browser" }).click();
      await expect(page.locator("nikki-voice-demo").getByText("System Health")).toBeVisible();
      await expect(page.locator("nikki-voice-demo").getByText("Checking...")).toHaveCount(0);
      if (viewport.width < 480) await expect(chatLauncher(page)).toBeHidden();
      expect(await seriousViolations(page), "voice demo").toEqual([]);
      await page.screenshot({ path: `test-results/widgets-voice-demo-${viewport.width}.png` });
    });
  }
});
