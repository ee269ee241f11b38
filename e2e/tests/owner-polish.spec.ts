import { BILLING_MESSAGES } from "@nikki/core";
import { type Page, expect, test } from "@playwright/test";
import { createBusiness, e2eEmail } from "../support/accounts";
import { insertFinishedCall, queryOne } from "../support/db";

/**
 * A new owner's journey, polished (issue 54b §5–8): the operators' page explains itself and leads to the business's
 * own Leads; the current tab is never behind "More"; the plan dialog is "Choose a plan" while there is none; the chart
 * says "1 minute"; time zones by their current names. At 1280 and 390 px, with screenshots.
 */
async function newPractice(page: Page) {
  const email = e2eEmail("polish");
  await createBusiness(page, { email, company: "Rita's Dental" });
  return (await queryOne<{ organization_id: string }>("select m.organization_id from members m join users u on u.id = m.user_id where u.email = ?", email))!
    .organization_id;
}

/** The current tab's box lies wholly in the strip and clear of the More button. */
async function currentTabInSight(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector(".dash-tabs-strip")!.getBoundingClientRect();
    const tab = document.querySelector('.dash-tabs-strip [aria-current="page"]')!.getBoundingClientRect();
    const more = document.querySelector(".more-tabs-button")?.getBoundingClientRect();
    const clearOfMore = !more || tab.right <= more.left + 1 || tab.left >= more.right - 1;
    return tab.left >= strip.left - 1 && tab.right <= strip.right + 1 && clearOfMore;
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the current tab is always wholly in sight, the operators' page leads to the business's Leads, the plan dialog says Choose a plan", async ({
      page,
    }) => {
      await newPractice(page);
      for (const [path, label] of [
        ["/dashboard/business-leads", "Leads"],
        ["/dashboard/test-calls", "Test Suite"],
        ["/dashboard/settings", "Settings"],
        ["/dashboard/knowledge", "Knowledge"],
      ] as const) {
        await page.goto(path);
        const current = page.locator('.dash-tabs-strip [aria-current="page"]');
        await expect(current).toContainText(label);
        // The More button appears once the strip is measured; the tab stays in sight after it does.
        await expect.poll(() => currentTabInSight(page), { message: `${label} in sight` }).toBe(true);
        await page.waitForTimeout(300);
        expect(await currentTabInSight(page), `${label} still in sight`).toBe(true);
        await page.locator(".dash-tabs").screenshot({ path: test.info().outputPath(`tabs-${label.replace(" ", "-")}-${viewport.width}.png`) });
      }

      // The operators' own page, opened by an owner: their own Leads instead, with nothing of the operators' shown.
      await page.goto("/dashboard/leads");
      await page.waitForURL("**/dashboard/business-leads");
      await expect(page.locator('.dash-tabs-strip [aria-current="page"]')).toContainText("Leads");
      await expect(page.getByText(/OPERATOR_EMAILS/)).toHaveCount(0);

      await page.goto("/dashboard/billing");
      await page.getByRole("button", { name: BILLING_MESSAGES.planAction(false) }).click();
      const plans = page.getByRole("dialog", { name: "Choose a plan" });
      await expect(plans).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`choose-plan-${viewport.width}.png`) });
    });
  });
}

test("the week's chart reads 1 minute, not 1 minutes", async ({ page }) => {
  const organizationId = await newPractice(page);
  await insertFinishedCall(organizationId, `call-minute-${organizationId}`, 45);
  await page.goto("/dashboard");
  const table = page.locator("table.sr-only").filter({ hasText: "Call minutes, last 7 days" });
  await expect(table.getByRole("cell", { name: "1 minute", exact: true })).toHaveCount(1);
  await expect(table.getByText(/\b1 minutes\b/)).toHaveCount(0);
});

test("time zones are offered by their current names, and an old name given is kept by its current one", async ({ page }) => {
  await newPractice(page);
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await wizard.getByLabel("Agent name").fill("Rita");
  for (let step = 0; step < 4; step++) await wizard.getByRole("button", { name: "Next" }).click();
  const zone = wizard.getByLabel("Time zone", { exact: true });
  const options = await zone.locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(options).toEqual(expect.arrayContaining(["Asia/Kolkata", "Europe/Kyiv", "America/Nuuk"]));
  for (const old of ["Asia/Calcutta", "Europe/Kiev", "America/Godthab"]) expect(options).not.toContain(old);
  await zone.selectOption("Asia/Kolkata");
  await expect(zone).toHaveValue("Asia/Kolkata");

  // Through the API, the old spelling is still accepted and kept by its current name.
  const created = await page.request.post("/api/agents", { data: { name: "Kyiv desk", business_hours_tz: "Europe/Kiev" } });
  expect(created.status()).toBe(201);
  expect(((await created.json()) as { agent: { business_hours_tz: string } }).agent.business_hours_tz).toBe("Europe/Kyiv");
});
