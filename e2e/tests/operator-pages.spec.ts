import { expect, test } from "@playwright/test";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { INTEGRATIONS_SIM_PORT } from "@nikki/dev/e2e-ports";

test("the telephony health check calls this deployment's webhooks as Twilio would and shows each one healthy", async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("ops"), company: "Ops Plumbing" });
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

test("Voice Bridge Health: the bridge URL with its derived URLs, both checks healthy, and a bad URL refused in words", async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("bridge"), company: "Bridge Plumbing" });
  await page.goto("/dashboard/health/voice");
  await expect(page.getByText(/^ws:\/\/[^/]+\/twilio\/stream\/\{CallSid\}$/)).toBeVisible();
  await expect(page.getByText(/^http:\/\/[^/]+\/twilio\/stream$/)).toBeVisible();

  await page.getByRole("button", { name: "Run Health Check" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Health Check Passed" })).toBeVisible();
  for (const name of ["Voice-inbound TwiML", "Bridge HTTP Health"]) {
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(row.getByText("Healthy", { exact: true })).toBeVisible();
  }

  await page.getByRole("textbox", { name: "Bridge WebSocket URL" }).fill("https://voice.example.com/twilio/stream");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The bridge URL must be a wss:// address")).toBeVisible();
  await page.getByRole("textbox", { name: "Bridge WebSocket URL" }).fill("wss://voice.example.com/twilio/stream");
  await expect(page.getByText("https://voice.example.com/twilio/stream", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Bridge WebSocket URL" })).toHaveValue("wss://voice.example.com/twilio/stream");
});

test("Voice Operations: the three settings saved, their checks against the simulators, and the test call's errors in words", async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("voiceops"), company: "Ops Electric" });
  await page.goto("/dashboard/ops/voice");
  const row = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  // No CRM webhook yet: optional, so not a failed check.
  await page.getByRole("button", { name: "Test CRM webhook" }).click();
  await expect(row("CRM webhook").getByText("Not set (optional)", { exact: true })).toBeVisible();
  await expect(row("CRM webhook").getByText("Error", { exact: true })).toHaveCount(0);
  const hook = `http://127.0.0.1:${INTEGRATIONS_SIM_PORT}${new URL(OWN.zapier.webhook_url).pathname}`;
  await page.getByLabel("CRM webhook URL").fill(hook);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  await page.getByRole("button", { name: "Run Checks" }).click();
  await expect(row("Voice bridge").getByText("Healthy", { exact: true })).toBeVisible();
  await expect(row("CRM webhook").getByText("Healthy", { exact: true })).toBeVisible();
  await expect(row("Post-call SMS sender").getByText("No phone number to send texts from. Add one in Numbers.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "1 of 3 checks need attention." })).toBeVisible();
  const posts = (await (await fetch(`http://127.0.0.1:${INTEGRATIONS_SIM_PORT}/__requests`)).json()) as { path: string; body: { event?: string } }[];
  expect(posts.some((post) => post.path === new URL(hook).pathname && post.body?.event === "health_check")).toBe(true);

  await page.getByRole("button", { name: "Place Test Call (Sales Intent)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your mobile number").fill("4155552671");
  await dialog.getByRole("button", { name: "Call Me" }).click();
  await expect(dialog.getByText("Phone number must be in E.164 format (e.g., +14155552671)")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Format" })).toBeVisible();
  await dialog.getByLabel("Your mobile number").fill("+14155552671");
  await dialog.getByRole("button", { name: "Call Me" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Call Failed" })).toContainText("Add a phone number and assign an active agent to it first");
});

test("Live Diagnostics runs its eight checks on load, all passing here, and /live shows no warning", async ({ page }) => {
  await page.goto("/live/diagnostics");
  await expect(page.getByText("8 / 8 passing")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Secrets not exposed to frontend (this is secure)")).toBeVisible();
  await expect(page.getByText("Endpoint returned 200 with text/xml", { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Re-run Checks" }).click();
  await expect(page.getByText("8 / 8 passing")).toBeVisible({ timeout: 15_000 });
  await page.goto("/live");
  await expect(page.locator("body")).toHaveAttribute("data-telephony-checks", "pass", { timeout: 15_000 });
  await expect(page.getByText("Telephony Not Fully Configured")).toHaveCount(0);
});

test("Link Audit scans the four pages: clean here, and a page with an empty link, an anchor to nowhere and a broken image is reported", async ({ page }) => {
  await page.goto("/live/link-audit");
  await expect(page.getByText("Pages scanned 4 / 4")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("0 errors")).toBeVisible();

  await page.route("**/pricing", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<html><body><a>Nothing</a><a href="#plans">Plans</a><img src="/missing-hero.png" alt="Hero"></body></html>',
    }),
  );
  await page.getByRole("button", { name: "Re-run Audit" }).click();
  await expect(page.getByText("Pages scanned 4 / 4")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("3 errors")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "Empty link" })).toContainText("/pricing");
  await expect(table.getByRole("row").filter({ hasText: "Target #plans does not exist" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Failed to fetch asset" })).toContainText('<img> "Hero"');
});
