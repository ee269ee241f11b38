import { type Page, expect } from "@playwright/test";
import { TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";

/** The widgets' launchers and panels, reached through their shadow roots (Playwright pierces open ones). */
export const chatLauncher = (page: Page) => page.locator("nikki-chat").getByRole("button", { name: /^Chat with/ });
export const testCallLauncher = (page: Page) => page.locator("nikki-test-call").getByRole("button", { name: "Test a Call" });
export const chatPanel = (page: Page) => page.locator("nikki-chat").getByRole("dialog");
export const testCallDialog = (page: Page) => page.locator("nikki-test-call").getByRole("dialog", { name: "Try Nikki AI" });

export async function waitForLaunchers(page: Page) {
  await expect(chatLauncher(page)).toBeVisible();
  await expect(testCallLauncher(page)).toBeVisible();
}

/** Both launchers are on the page, shown or stepped aside from a form's submit button under them (boot.ts). */
export async function launchersPlaced(page: Page) {
  await expect(page.locator("nikki-chat").locator("button").first()).toBeAttached();
  await expect(page.locator("nikki-test-call").locator("button").first()).toBeAttached();
}

/** Calls the Twilio simulator received for `to`. */
export async function simulatedCallsTo(to: string): Promise<{ form: Record<string, string> }[]> {
  const requests = (await (await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
  return requests.filter((request) => request.path.endsWith("/Calls.json") && request.form.To === to);
}

/** Computed styles of the host page's own elements, to prove the widgets change none of them. */
export function hostStyles(page: Page, selectors: string[]) {
  return page.evaluate((list) => {
    const props = ["font-family", "font-size", "color", "display", "margin-top", "letter-spacing", "box-sizing", "line-height", "background-color"];
    return list.map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return `${selector}: ${props.map((prop) => style.getPropertyValue(prop)).join(" | ")}`;
    });
  }, selectors);
}
