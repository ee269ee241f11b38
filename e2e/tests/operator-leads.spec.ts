import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "../support/accounts";
import { E2E_BASE_URL, INTEGRATIONS_SIM_PORT } from "@nikki/dev/e2e-ports";

test("an operator reads the contact form's leads, searches them, exports a CSV, and the sales inbox got each one", async ({ page }) => {
  const stamp = Date.now().toString().slice(-6);
  const name = `Lead Tester ${stamp}`;
  const submitted = await fetch(`${E2E_BASE_URL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: E2E_BASE_URL },
    body: JSON.stringify({ name, phone: "+14155550142", email: `lead-${stamp}@example.com`, intent: "quote", notes: "Three locations" }),
  });
  expect(submitted.status).toBe(201);
  const mails = (await (await fetch(`http://127.0.0.1:${INTEGRATIONS_SIM_PORT}/__requests`)).json()) as {
    path: string;
    body: { to: unknown; subject: string };
  }[];
  expect(
    mails.some((mail) => mail.path === "/emails" && mail.body.subject === `New lead: ${name}` && JSON.stringify(mail.body.to).includes("sales@demo.nikki.ai")),
  ).toBe(true);

  await signInAsDemoOwner(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Sales leads" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Get a quote");
  await expect(row).toContainText("Three locations");

  await page.getByLabel("Search").fill("no-such-lead-anywhere");
  await expect(page.getByText("No leads match that search.")).toBeVisible();
  await page.getByLabel("Search").fill(stamp);
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("created_at,name,phone,email,intent,desired_date_time,notes,source_page,id");
  expect(csv).toContain(`${name},+14155550142,lead-${stamp}@example.com,quote`);
});
