import { type Page, expect } from "@playwright/test";

/** The calendars' cards, tested by the page as soon as they are saved. */
const CALENDAR_NAMES = ["Cal.com", "Google Calendar"];

/** A provider's card on Integrations, found by its heading. */
export const integrationCard = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Configure and verify one provider through its card, as the business would. */
export async function connectIntegration(page: Page, name: string, fields: Record<string, string>) {
  await page.getByRole("button", { name: `Configure ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Configure ${name}` });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Save Configuration" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Configuration Saved" }).last()).toBeVisible();
  const card = integrationCard(page, name);
  // A calendar is tested as soon as it is saved; any other provider by its Test Connection.
  if (!CALENDAR_NAMES.includes(name)) {
    await expect(card.getByText("Configured", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Test Connection to ${name}` }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Connection Successful" }).last()).toBeVisible();
  await expect(card.getByText("Verified", { exact: true })).toBeVisible();
}
