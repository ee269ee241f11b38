import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

test("the owner exports the organization's data as a zip, then closes the organization after typing its name", async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("closing"), company: "Last Call Plumbing" });
  await page.goto("/dashboard/settings");
  const data = page.getByRole("region", { name: "Your data" });

  const download = page.waitForEvent("download");
  await data.getByRole("button", { name: "Export data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nikki-last-call-plumbing-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  expect(Object.keys(files).sort()).toEqual(["calls.csv", "calls.json", "knowledge.json", "organization.json"]);
  expect(JSON.parse(strFromU8(files["knowledge.json"]!))).toMatchObject({ entries: expect.any(Array), questions: expect.any(Array) });
  expect(JSON.parse(strFromU8(files["organization.json"]!))).toMatchObject({ organization: { name: "Last Call Plumbing" } });

  await data.getByRole("button", { name: "Close organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Close organization" });
  await dialog.getByLabel("Organization name").fill("last call plumbing");
  await expect(dialog.getByRole("button", { name: "Close organization for good" })).toBeDisabled();
  await dialog.getByLabel("Organization name").fill("Last Call Plumbing");
  await dialog.getByRole("button", { name: "Close organization for good" }).click();
  await expect(page).toHaveURL(/\/login\?closed=1$/);
  await expect(page.getByText("Your organization is closed")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});
