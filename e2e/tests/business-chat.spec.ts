import { expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { HOST_ORIGIN } from "@nikki/dev/e2e-ports";
import { chatLauncher, chatPanel, testCallLauncher } from "../support/widgets";

/**
 * Issue 36 §3: a business's website chat greets as its agent, and "contact" leaves a lead the business sees. Issue 54
 * §16: a new business's site shows its chat alone, and the chat's "I don't know" offers to take the visitor's number.
 */
test("the chat on a business's own site speaks for that business and hands a visitor's number to its Leads", async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("chat"), company: "Harbor Plumbing" });
  // Setup through the API the dashboard uses (the wizard and Settings are tested on their own).
  const key = await page.evaluate(async (origin) => {
    const send = (path: string, method: string, body: object) =>
      fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    await send("/api/agents", "POST", { name: "Marina" });
    await send("/api/org/settings", "PATCH", { allowed_origins: [origin] });
    return ((await (await fetch("/api/org/settings")).json()) as { widget_key: string }).widget_key;
  }, HOST_ORIGIN);

  const site = await page.context().newPage();
  await site.goto(`${HOST_ORIGIN}/business.html?key=${key}`);
  await chatLauncher(site).click();
  // Its visitors want the business: no Test a Call of this product's beside its chat.
  await expect(testCallLauncher(site)).toHaveCount(0);
  const panel = chatPanel(site);
  // One name for the chat: its launcher's, its heading's (and Settings' preview's).
  await expect(site.getByRole("button", { name: "Chat with Harbor Plumbing" })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Chat with Harbor Plumbing" })).toBeVisible();
  await expect(panel.locator(".bubble.assistant").first()).toHaveText("Assistant: Hi, I'm Marina at Harbor Plumbing. How can I help you today?");
  await expect(panel.getByText(/plans, setup, billing/)).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Contact us" })).toHaveCount(0);

  // A question it cannot answer: it says so and offers, right under its reply, to take the visitor's number.
  await panel.getByLabel("Your question").fill("Do you fix tankless water heaters from Rinnai?");
  await panel.getByRole("button", { name: "Send message" }).click();
  await expect(panel.locator(".bubble.assistant").last()).toHaveText(
    "Assistant: I'm sorry, I don't know that. I can have someone from the team get back to you.",
  );
  // Cancel gives the focus back to the question box, not to the page.
  await panel.getByRole("button", { name: "Have Harbor Plumbing call me back" }).click();
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.getByLabel("Your question")).toBeFocused();
  await panel.getByRole("button", { name: "Have Harbor Plumbing call me back" }).click();
  // The number field brings up a phone's number keypad.
  await expect(panel.getByLabel("Phone number")).toHaveAttribute("type", "tel");
  await panel.getByLabel("Your name").fill("Dana Scully");
  await panel.getByLabel("Phone number").fill("12");
  await panel.getByRole("button", { name: "Send", exact: true }).click();
  await expect(panel.getByText("Please enter a valid phone number.")).toBeVisible();
  await panel.getByLabel("Phone number").fill("(415) 555-0142");
  await panel.getByLabel("Phone number").press("Enter");
  // A keyboard or screen-reader visitor keeps their place: the focus moves to the thanks.
  const thanks = panel.getByRole("paragraph").filter({ hasText: "Thanks! Harbor Plumbing has your number and will call you back." });
  await expect(thanks).toBeFocused();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/business-leads$/);
  const row = page.getByRole("row").filter({ hasText: "Dana Scully" });
  await expect(row).toContainText("+1 415-555-0142");
  await expect(row).toContainText("Website chat");
  // No CRM is connected at all: the column says so, with where the owner connects one (not "Not sent").
  await expect(row).toContainText("No CRM connected");
  await expect(row).not.toContainText("Not sent");
  await expect(row.getByRole("link", { name: "Connect one" })).toHaveAttribute("href", "/dashboard/integrations");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`business-leads-${width}.png`) });
  }
});

test("on this product's own site the chat keeps the product's greeting and contact page", async ({ page }) => {
  await page.goto("/pricing");
  await chatLauncher(page).click();
  const panel = chatPanel(page);
  await expect(panel.getByText("Hi! I'm the AI assistant for Nikki AI Demo. Ask me anything about plans, setup, billing or features.")).toBeVisible();
  await expect(panel.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", /\/contact$/);
  // The product's own site keeps its Test a Call.
  await expect(testCallLauncher(page)).toBeVisible();
});
