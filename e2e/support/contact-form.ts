import type { Locator, Page } from "@playwright/test";

/** Opens /contact with name and phone filled; `offline` makes every lead submission fail at the network. */
export async function filledContactForm(page: Page, options: { offline?: boolean } = {}): Promise<Locator> {
  if (options.offline) await page.route("**/api/leads", (route) => route.abort("connectionrefused"));
  await page.goto("/contact");
  const form = page.locator("form.lead-form");
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Phone").fill("4155552671");
  return form;
}
