import { displayPhone } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { connectIntegration as connect } from "../support/integrations";
import { E2E_BASE_URL, INTEGRATIONS_SIM_PORT, STRIPE_SIM_PORT, TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";

const OWN_NUMBER = "+15125550777";
const DIGEST_PHONE = "+15125550999";

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const requests = (await (await fetch(`http://127.0.0.1:${INTEGRATIONS_SIM_PORT}/__requests`)).json()) as {
    path: string;
    body: { to: string[]; subject: string; text: string };
  }[];
  return requests.filter((request) => request.path === "/emails" && request.body.to.includes(email)).map((request) => request.body);
}

async function textsTo(phone: string): Promise<{ From: string; Body: string }[]> {
  const requests = (await (await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
  return requests.filter((request) => request.path.endsWith("/Messages.json") && request.form.To === phone).map((request) => request.form as never);
}

async function hubspotContacts(): Promise<{ body: { properties: Record<string, string> } }[]> {
  const requests = (await (await fetch(`http://127.0.0.1:${INTEGRATIONS_SIM_PORT}/__requests`)).json()) as { method: string; path: string; body: never }[];
  return requests.filter((request) => request.method === "POST" && request.path === "/crm/v3/objects/contacts");
}

test("a new business brings its own Twilio and HubSpot, its number rings its agent, the lead reaches HubSpot, the call is in Calls, and it chooses a plan", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ownerEmail = e2eEmail("own");
  await signUpNewBusiness(page, { email: ownerEmail, company: "Acme Plumbing" });

  // The Overview asks for setup; the Billing tab shows the free trial.
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
  await expect(page.getByText("0 of 5 done. Next: create an agent.")).toBeVisible();
  await page.getByRole("link", { name: "Billing" }).click();
  await expect(page.getByText("Free trial · 14 days left")).toBeVisible();
  await expect(page.getByText("No invoices found")).toBeVisible();

  // Its own accounts, stored and verified.
  await page.getByRole("link", { name: "Integrations" }).click();
  await page.getByRole("button", { name: "Configure Twilio" }).click();
  const twilio = page.getByRole("dialog", { name: "Configure Twilio" });
  await twilio.getByRole("button", { name: "Save Configuration" }).click();
  await expect(twilio.getByText("Account SID is required.")).toBeVisible();
  await twilio.getByRole("button", { name: "Close" }).click();
  await connect(page, "Twilio", { "Account SID": OWN.twilio.account_sid, "Auth Token": OWN.twilio.auth_token });
  await connect(page, "HubSpot", { "Private App Token": OWN.hubspot.private_app_token });
  await expect(page.getByText(OWN.twilio.auth_token)).toHaveCount(0);

  // An agent (its details are the setup test's subject), then the number it bought in its own Twilio console.
  const created = await page.evaluate(
    async () => (await fetch("/api/agents", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Rosa"}' })).status,
  );
  expect(created).toBe(201);
  await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__numbers`, {
    method: "POST",
    body: JSON.stringify({ phone_number: OWN_NUMBER, account_sid: OWN.twilio.account_sid }),
  });
  await page.getByRole("link", { name: "Numbers" }).click();
  await page.getByRole("button", { name: "Refresh numbers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Numbers Refreshed" })).toBeVisible();
  await page.getByRole("button", { name: `Assign ${displayPhone(OWN_NUMBER)}` }).click();
  const assign = page.getByRole("dialog", { name: "Assign Number" });
  await assign.getByLabel("Agent").selectOption({ label: "Rosa" });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Answered by Rosa", { exact: true })).toBeVisible();

  // Alerts: on by default; a text too once the digest phone is set.
  await page.getByRole("link", { name: "Settings" }).click();
  const alerts = page.getByRole("region", { name: "Call alerts" });
  await expect(alerts.getByLabel(/^E-mail alerts/)).toBeChecked();
  await expect(alerts.getByText("Set the morning digest's number under Phone and limits to get them by text.")).toBeVisible();
  const phone = page.getByRole("region", { name: "Phone and limits" });
  await phone.getByLabel("Morning digest by text to").fill(DIGEST_PHONE);
  await phone.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" }).last()).toBeVisible();

  // Calls is open while a caller rings through the business's own Twilio account and books.
  await page.getByRole("link", { name: "Calls" }).click();
  await expect(page.getByText("No calls found. Call data will appear here once you receive calls.")).toBeVisible();
  const call = await placeSimulatedCall({
    baseUrl: E2E_BASE_URL,
    publicBaseUrl: E2E_BASE_URL,
    authToken: OWN.twilio.auth_token,
    accountSid: OWN.twilio.account_sid,
    from: "+14155550188",
    to: OWN_NUMBER,
    tag: 88,
  });
  expect(call.voicemail).toBe(false);
  // Live, without a reload: the row appears, then turns processed with the toast.
  await expect(page.getByRole("button", { name: /^Open the call from \+1 415-555-0188/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Call Processed" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("cell", { name: "AI Generated" })).toBeVisible();
  // The lead reaches HubSpot.
  await expect.poll(async () => (await hubspotContacts()).some((request) => request.body.properties.phone === "+14155550188"), { timeout: 30_000 }).toBe(true);

  // Within a minute, the booking alert: an e-mail to the owner and a text to the digest phone.
  await expect.poll(async () => (await mailsTo(ownerEmail)).map((mail) => mail.subject), { timeout: 60_000 }).toContain("New appointment booked: Ada Lovelace");
  await expect.poll(async () => (await textsTo(DIGEST_PHONE)).map((text) => text.From), { timeout: 60_000 }).toEqual([OWN_NUMBER]);

  // The call in Calls: its transcript and summary (stored redacted), the caller's name as given, processed; pushed to the
  // CRM again and a text to the caller.
  await page.getByRole("button", { name: /^Open the call from \+1 415-555-0188/ }).click();
  const detail = page.getByRole("dialog", { name: "Call from +1 415-555-0188" });
  await expect(detail.getByText("AI Generated")).toBeVisible();
  await expect(detail.getByRole("listitem").filter({ hasText: /Can I book an appointment/ })).toBeVisible();
  await expect(detail.getByText("Redacted", { exact: true })).toHaveCount(2);
  await expect(detail.getByRole("definition").filter({ hasText: /^Ada Lovelace$/ })).toBeVisible();
  // How soon she greeted, and her answers' response time voice to voice, explained on focus or a tap.
  await expect(detail.getByText(/^Greeted (the moment the call connected|[\d.]+ m?s after answering)$/)).toBeVisible();
  const responseTime = detail.getByRole("button", { name: /^[\d.]+ m?s typical, [\d.]+ m?s slowest$/ });
  await responseTime.click();
  await expect(detail.getByRole("tooltip")).toContainText(/^From the moment the caller stops talking .* for Nikki AI to pass it on\.$/);
  // The tools in the owner's words (core's tool-actions.ts), each with its time.
  await expect(detail.getByRole("listitem").filter({ hasText: /^Looked up free times, \d+ ms$/ })).toBeVisible();
  await expect(detail.getByRole("listitem").filter({ hasText: /^Booked the appointment, \d+ ms$/ })).toBeVisible();
  await expect(detail.getByText(/^\$\d+\.\d\d \(telephony and AI minutes\)$/)).toBeVisible();
  // The recording, streamed through the worker from the business's Twilio account: it plays, and seeks with Range.
  const audio = detail.locator("audio");
  await expect(audio).toHaveAttribute("src", /^\/api\/calls\/[^/]+\/recording$/);
  const partial = page.waitForResponse((response) => response.url().endsWith("/recording") && response.status() === 206);
  await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    element.currentTime = 3;
  });
  await partial;
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(3);
  await expect(detail.getByText(/called to book an appointment/)).toBeVisible();
  await expect(detail.getByRole("term").filter({ hasText: /^Name$/ })).toBeVisible();
  const pushedBefore = (await hubspotContacts()).length;
  await detail.getByRole("button", { name: "Push to CRM" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pushed to CRM" })).toBeVisible();
  expect((await hubspotContacts()).length).toBe(pushedBefore + 1);
  await detail.getByRole("button", { name: "Send SMS" }).click();
  await detail.getByLabel("Text to +14155550188").fill("Thanks for calling Acme Plumbing!");
  await detail.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "SMS Sent" })).toBeVisible();
  await detail.getByRole("button", { name: "Close" }).click();

  // Choose a plan: Stripe Checkout (simulated), then back to Billing on the plan.
  await page.getByRole("link", { name: "Billing" }).click();
  await page.getByRole("button", { name: "Choose a plan" }).click();
  const plans = page.getByRole("dialog", { name: "Choose a plan" });
  await plans.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(plans.getByText("Please select a plan.")).toBeVisible();
  await plans.getByLabel(/^Starter/).check();
  await plans.getByRole("button", { name: "Continue to checkout" }).click();
  await page.waitForURL(`http://127.0.0.1:${STRIPE_SIM_PORT}/pay/**`);
  await expect(page.getByText(/^Then \$29\.00 per month starting /)).toBeVisible();
  await page.getByRole("button", { name: "Start trial" }).click();
  await page.waitForURL("**/dashboard/billing?checkout=success");
  const plan = page.getByRole("region", { name: "Starter plan" });
  // One state: the trial's end and the first charge, not a renewal date inside the trial, nor "Active" before a charge.
  await expect(plan.getByText(/^Free trial · 1[34] days left$/)).toBeVisible();
  await expect(plan.getByText(/^Free trial until .+: nothing is charged before then\. Your card is charged \$29 on .+, then every month\.$/)).toBeVisible();
  await expect(plan.getByText(/renews|Active/)).toHaveCount(0);
});
