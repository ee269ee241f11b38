import { TIME_ZONE_DETECTING } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { e2eEmail, signUpThroughPage } from "../support/accounts";

// A dental practice in Chicago, signing up from its own browser.
test.use({ timezoneId: "America/Chicago" });

test("sign-up proposes the browser's time zone; the business and its first agent keep it, shown (and changeable) in the wizard", async ({ page }) => {
  test.slow();
  await signUpThroughPage(page, {
    email: e2eEmail("chicago"),
    company: "Bright Smile Dental",
    beforeSubmit: async (form) => {
      const zone = form.getByLabel("Time zone");
      await expect(zone).toHaveValue("America/Chicago");
      // Any IANA zone may be chosen instead; this practice keeps Chicago.
      await zone.selectOption("America/Denver");
      await expect(zone).toHaveValue("America/Denver");
      await zone.selectOption("America/Chicago");
    },
  });
  const me = (await (await page.request.get("/api/account/me")).json()) as { organization: { time_zone: string } };
  expect(me.organization.time_zone).toBe("America/Chicago");

  // The first agent, through the wizard: its Hours step starts in the business's zone.
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await wizard.getByLabel("Agent name").fill("Nikki");
  for (let step = 0; step < 4; step++) await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 5 of 8: Hours & Escalation")).toBeVisible();
  await expect(wizard.getByLabel("Time zone", { exact: true })).toHaveValue("America/Chicago");
  for (let step = 0; step < 3; step++) await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 8 of 8: Review")).toBeVisible();
  await expect(wizard.getByRole("definition").filter({ hasText: "Central Time" })).toBeVisible();
  await wizard.getByRole("button", { name: "Save Agent" }).click();
  await expect(wizard).toBeHidden();

  const { agents } = (await (await page.request.get("/api/agents")).json()) as { agents: { name: string; business_hours_tz: string }[] };
  expect(agents).toEqual([expect.objectContaining({ name: "Nikki", business_hours_tz: "America/Chicago" })]);

  // The owner moves the business's own zone afterwards, in Settings › Organization (the same list as sign-up).
  await page.goto("/dashboard/settings#organization");
  const organization = page.getByRole("region", { name: "Organization" });
  const orgZone = organization.getByLabel("Time zone");
  await expect(orgZone).toHaveValue("America/Chicago");
  await orgZone.selectOption("America/Denver");
  await organization.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your organization's details are updated.")).toBeVisible();
  const org = (await (await page.request.get("/api/org")).json()) as { organization: { time_zone: string } };
  expect(org.organization.time_zone).toBe("America/Denver");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await organization.screenshot({ path: test.info().outputPath(`organization-time-zone-${width}.png`) });
  }
});

test("before the page runs in the browser, sign-up shows no zone it has not read from the browser, and cannot be sent", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "America/Chicago" });
  const page = await context.newPage();
  await page.goto("/signup");
  const zone = page.getByLabel("Time zone");
  await expect(zone).toBeDisabled();
  await expect(zone.locator("option")).toHaveText([TIME_ZONE_DETECTING]);
  await expect(page.getByRole("button", { name: "Start Free Trial" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("sign-up-before-hydration-1280.png") });
  await context.close();
});
