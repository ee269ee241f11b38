import { expect, test } from "@playwright/test";
import { e2eEmail, signUpThroughPage } from "../support/accounts";

test("the telephony health check calls this deployment's webhooks as Twilio would and shows each one healthy", async ({ page }) => {
  await signUpThroughPage(page, { email: e2eEmail("ops"), company: "Ops Plumbing" });
  await page.goto("/dashboard/health/telephony");
  const voice = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Voice webhook" }) });
  const messaging = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Messaging webhook" }) });
  await expect(voice.getByText("Not Tested")).toBeVisible();
  await expect(voice.getByText(/^POST http:\/\/[^/]+\/twilio\/voice\/inbound$/)).toBeVisible();

  await voice.getByRole("button", { name: "Test Voice webhook" }).click();
  await expect(voice.getByText("Healthy", { exact: true })).toBeVisible();
  await expect(voice.getByText(/^Status 200 · \d+ ms$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Check Passed" }).first()).toBeVisible();

  await page.getByRole("button", { name: "Run All Checks" }).click();
  await expect(messaging.getByText("Healthy", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the Twilio console" })).toHaveAttribute("href", /console\.twilio\.com/);
  await expect(page.getByRole("region", { name: "Configuration guide" }).getByText("A call comes in")).toBeVisible();
});
