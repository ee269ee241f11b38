import { HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

test("Import from website: the pages found are picked, the import is followed live to its end, and its sections join the knowledge", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewBusiness(page, { email: e2eEmail("import"), company: "Bright Plumbing" });
  await page.goto("/dashboard/knowledge");

  // The business's own site: the host pages (a local deployment may read loopback addresses).
  await page.getByLabel("Your website's address").fill(`${HOST_ORIGIN}/business.html`);
  await page.getByRole("button", { name: "Find pages" }).click();
  const start = page.getByRole("button", { name: /^Import \d+ pages?$/ });
  await expect(start).toBeEnabled();
  await start.click();

  // Followed until it ends, then said once: the toast, and the outcome in place of the progress.
  await expect(page.getByRole("status").filter({ hasText: "Import finished" })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator(".import-result-done")).toContainText("Done:");
  await expect(page.getByLabel("Your website's address")).toBeEnabled();
  const table = page.getByRole("table", { name: "Knowledge entries" });
  await expect(table.getByRole("row").filter({ hasText: "Water heaters" }).first()).toBeVisible();
});
