import { type Locator, expect, test } from "@playwright/test";
import { E2E_BASE_URL, HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { chatLauncher, launchersPlaced, testCallDialog, testCallLauncher, waitForLaunchers } from "../support/widgets";

/** Issue 54 §15: on a 390 px phone the floating widgets never sit over what a visitor came to do. */
const PHONE = { width: 390, height: 844 };

/** What a tap lands on at each of a few points across the element: the element itself, or something over it. */
const tapsLandOn = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [0.1, 0.5, 0.9].map((x) => {
      const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height / 2);
      return hit === element || element.contains(hit) ? "button" : (hit?.tagName.toLowerCase() ?? "nothing");
    });
  });

/** Scrolls the page so the element's bottom sits 20 px above the viewport's, and checks it is then under the chat's launcher. */
async function underLaunchers(target: Locator) {
  const overlaps = await target.evaluate((element) => {
    scrollBy(0, element.getBoundingClientRect().bottom - (innerHeight - 20));
    const [button, launcher] = [element.getBoundingClientRect(), document.querySelector("nikki-chat")!.getBoundingClientRect()];
    return button.left < launcher.right && button.right > launcher.left && button.top < launcher.bottom && button.bottom > launcher.top;
  });
  expect(overlaps, "the button lies where the chat's launcher is").toBe(true);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the launchers step aside from sign-up's Start Free Trial, and come back once it scrolls away", async ({ page }) => {
    await page.goto("/signup");
    await launchersPlaced(page);
    const submit = page.getByRole("button", { name: "Start Free Trial" });
    await underLaunchers(submit);
    await expect.poll(() => tapsLandOn(submit)).toEqual(["button", "button", "button"]);
    await expect(chatLauncher(page)).toBeHidden();
    await expect(testCallLauncher(page)).toBeHidden();
    // The form's end scrolled up: the launchers are back.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await expect(chatLauncher(page)).toBeVisible();
    await expect(testCallLauncher(page)).toBeVisible();
  });

  test("Test a Call is a round button beside the chat's, named as before, and both step aside from a button, a form's field and its label", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await waitForLaunchers(page);
    const [call, chat] = [(await testCallLauncher(page).boundingBox())!, (await chatLauncher(page).boundingBox())!];
    expect({ width: call.width, height: call.height }).toEqual({ width: 56, height: 56 });
    expect(call.y).toBe(chat.y);
    expect(call.x + call.width).toBeLessThan(chat.x);
    // A button outside any form (a plan's Start Free Trial) is not covered either.
    await underLaunchers(page.getByRole("button", { name: /Start Free Trial/ }).last());
    await expect(chatLauncher(page)).toBeHidden();
    await expect(testCallLauncher(page)).toBeHidden();
    await page.goto("/signup");
    await launchersPlaced(page);
    await underLaunchers(page.getByLabel(/^Password/));
    await expect(chatLauncher(page)).toBeHidden();
    await expect(testCallLauncher(page)).toBeHidden();
  });

  test("a business's own form on its own site: its submit button takes the tap, not a launcher", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/form.html`);
    await launchersPlaced(page);
    const submit = page.getByRole("button", { name: "Request a Visit" });
    await underLaunchers(submit);
    await expect.poll(() => tapsLandOn(submit)).toEqual(["button", "button", "button"]);
    await submit.click();
    await expect(page.getByText("Thanks, we'll call you back.")).toBeVisible();
  });

  test("/pricing's call sheet never opens by itself over what the visitor reads", async ({ browser }) => {
    // A first visit (no "widget seen" flag): on a wider screen the dialog would open 2.5 s in.
    const context = await browser.newContext({ viewport: PHONE, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto(`${E2E_BASE_URL}/pricing`);
    await waitForLaunchers(page);
    await page.waitForTimeout(3_500);
    await expect(testCallDialog(page)).toHaveCount(0);
    // The launcher still opens it.
    await testCallLauncher(page).click();
    await expect(testCallDialog(page)).toBeVisible();
    await context.close();
  });
});

test("a visitor who scrolled to read (the FAQ) is not interrupted by Test a Call opening itself", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${E2E_BASE_URL}/pricing`);
  await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await launchersPlaced(page);
  await page.waitForTimeout(3_500);
  await expect(testCallDialog(page)).toHaveCount(0);
  await context.close();
});
