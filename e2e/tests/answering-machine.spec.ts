import { expect, test } from "@playwright/test";
import { signInAsDemoOwner } from "../support/accounts";
import { TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";

interface PlacedCall {
  sid: string;
  to: string;
  status: string;
  answered_by: string | null;
  heard: string[];
}

test("a Test Call that reaches voicemail: the agent leaves a short message and hangs up, and the dashboard says so", async ({ page }) => {
  test.setTimeout(120_000);
  const phone = "+14155550189";
  // The simulated phone is a voicemail: its greeting, a beep, then it records.
  const callee = await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__callees`, {
    method: "POST",
    body: JSON.stringify({ phone_number: phone, answers: "machine" }),
  });
  expect(callee.status).toBe(200);
  await signInAsDemoOwner(page);
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Test call Nikki" }).click();
  const dialog = page.getByRole("dialog", { name: "Test call" });
  await dialog.getByLabel("Your mobile number").fill(phone);
  await dialog.getByRole("button", { name: "Call Me" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Calling ${phone}` })).toBeVisible();

  const after = page.getByRole("status").filter({ hasText: "Reached your voicemail" });
  await expect(after).toContainText("Your voicemail answered, so Nikki left a short message and hung up.", { timeout: 60_000 });
  const placed = ((await (await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__calls`)).json()) as PlacedCall[]).filter((call) => call.to === phone).at(-1);
  expect(placed).toMatchObject({ status: "completed", answered_by: "machine_end_beep" });
  expect(placed!.heard.at(-1)).toMatch(/^Hi, this is Nikki from Nikki AI Demo, with the test call you placed from your dashboard\./);

  await page.goto("/dashboard/calls");
  const row = page.getByRole("row").filter({ hasText: "Voicemail" }).first();
  await expect(row.getByText("No analysis needed", { exact: false })).toBeVisible();
  // The whole row opens the call (here its Length cell); its time button stays the one control, the keyboard's way in.
  await expect(row.getByRole("button")).toHaveCount(1);
  await expect(row.getByRole("button", { name: /^Open the call from/ })).toBeVisible();
  await row.getByRole("cell").nth(3).click();
  const detail = page.getByRole("dialog");
  await expect(detail.getByText("An answering machine")).toBeVisible();
  await expect(detail.getByText(/^Reached voicemail\. The agent left this message and hung up/)).toBeVisible();
});
