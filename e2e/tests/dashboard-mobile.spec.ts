import { NUMBER_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { DASHBOARD_TABS } from "../../site/src/lib/dashboard-tabs";
import { e2eEmail, signInAsDemoOwner, signUpNewBusiness } from "../support/accounts";

/** Issue 36 §5: the dashboard on a 390 px phone. Every page, the tabs' and the tools' (the demo owner is an operator). */
const PAGES = [
  ...DASHBOARD_TABS.map((tab) => tab.href),
  "/dashboard/numbers/help",
  "/dashboard/health/telephony",
  "/dashboard/health/voice",
  "/dashboard/ops/voice",
];

test.describe("the dashboard at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => signInAsDemoOwner(page));

  test("the tab strip shows that more tabs exist: a More menu lists those out of sight", async ({ page }) => {
    const tabs = page.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link", { name: "Settings" })).not.toBeInViewport();
    await tabs.getByRole("button", { name: "More" }).click();
    const more = tabs.getByRole("list", { name: "More tabs" });
    await expect(more.getByRole("link", { name: "Overview" })).toHaveCount(0);
    // Every tab not wholly in sight, a half-cut one too, is in the menu.
    const cut = await page.evaluate(() => {
      const strip = document.querySelector(".dash-tabs-strip")!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>(".dash-tabs-strip li:not([hidden]) a")]
        .filter((link) => link.getBoundingClientRect().right > strip.right + 1)
        .map((link) => link.firstChild?.textContent?.trim());
    });
    expect(cut.length).toBeGreaterThan(0);
    await expect(more.getByRole("link")).toHaveText(cut as string[]);
    await more.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(tabs.getByRole("link", { name: "Settings" })).toBeInViewport();
  });

  test("identical toasts stack into one with a count, and no toast covers the table's first row", async ({ browser }) => {
    // A business of its own: syncing the demo organization's numbers would remove the demo number other specs call from.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signUpNewBusiness(page, { email: e2eEmail("toasts"), company: "Toast Plumbing" });
    await page.goto("/dashboard/numbers");
    const sync = page.getByRole("button", { name: "Refresh numbers" });
    for (let times = 0; times < 3; times++) {
      await sync.click();
      await expect(sync).toBeEnabled();
    }
    // Each toast is an <li role="status">: found as an item of the list, not by the listitem role.
    const toasts = page.getByRole("region", { name: "Notifications" }).locator("li");
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText("×3");
    const toastBox = (await toasts.first().boundingBox())!;
    // With no number yet, the list's first row is its empty state.
    const rowBox = (await page.getByText(NUMBER_MESSAGES.empty).boundingBox())!;
    expect(toastBox.y + toastBox.height <= rowBox.y || toastBox.y >= rowBox.y + rowBox.height).toBe(true);
    await page.close();
  });

  test("no page is wider than the screen", async ({ page }) => {
    test.setTimeout(120_000);
    const tooWide: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByText(/^Loading/).filter({ visible: true })).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) tooWide.push(`${path}: ${scrollWidth} > ${clientWidth}`);
    }
    expect(tooWide).toEqual([]);
  });
});

test("at 1280 px every tab is in sight and there is no More menu", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoOwner(page);
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  await expect(tabs.getByRole("link", { name: "Sales leads" })).toBeInViewport();
  await expect(tabs.getByRole("button", { name: "More" })).toHaveCount(0);
});
