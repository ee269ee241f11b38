import { expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

/**
 * Issue 54 §3: an owner's pages speak an owner's words. The operator pages (/dashboard/ops, /dashboard/health) may
 * keep technical ones; Integrations names the providers an owner connects.
 */
const JARGON = /\bVAD\b|gpt-|realtime|as data|Sync from Twilio|Twilio bills|back to Twilio/i;
const OWNER_PAGES = [
  "/dashboard",
  "/dashboard/calls",
  "/dashboard/appointments",
  "/dashboard/business-leads",
  "/dashboard/knowledge",
  "/dashboard/agents",
  "/dashboard/numbers",
  "/dashboard/numbers/help",
  "/dashboard/integrations",
  "/dashboard/billing",
  "/dashboard/settings",
  "/dashboard/test-calls",
];

test("an owner's pages, and every step of the agent wizard, carry none of the technical words", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("words"), company: "Bright Smile Dental" });
  const jargonOn = async () => (await page.locator("main").innerText()).match(JARGON)?.[0] ?? null;
  for (const path of OWNER_PAGES) {
    await page.goto(path);
    // Each page's own content, loaded (its figures or lists come from the API after the first frame).
    await page.waitForLoadState("networkidle");
    expect({ path, jargon: await jargonOn() }).toEqual({ path, jargon: null });
  }

  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await wizard.getByLabel("Agent name").fill("Sofia");
  const steps = wizard.getByRole("list", { name: "Steps" }).getByRole("button");
  for (let index = 0; index < (await steps.count()); index++) {
    await steps.nth(index).click();
    await expect(wizard.getByRole("heading", { name: new RegExp(`^Step ${index + 1} of`) })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const options = await wizard.locator("option").allInnerTexts();
    expect({ step: index + 1, jargon: ((await wizard.innerText()) + options.join("\n")).match(JARGON)?.[0] ?? null }).toEqual({
      step: index + 1,
      jargon: null,
    });
  }
  // The Voice step names the models as an owner would.
  await steps.nth(3).click();
  await expect(wizard.getByLabel("Voice model").locator("option").first()).toHaveText("Default (Standard)");
  await expect(wizard.getByLabel("How long a pause ends the caller's turn (ms)")).toHaveValue("500");
});
