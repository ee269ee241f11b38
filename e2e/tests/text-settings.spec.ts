import { TEXT_MESSAGES, addDays, localParts } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { e2eEmail, joinAsViewer, signUpNewBusiness } from "../support/accounts";

const ZONE = "America/New_York";
const ALWAYS_OPEN = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "20:00" }]]));

test("Settings › Texts: the counts, the limits within the plan, and a booking whose text the gate refused says why", async ({ page, browser }) => {
  // A sign-up, an agent, a booking, an invited viewer and two widths.
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("texts"), company: "Texting Dental" });
  // An agent open every day, on a number bought from the (simulated) Twilio account: the texts' sender.
  await page.evaluate(
    async ({ zone, hours }) => {
      const send = async <T>(path: string, body: unknown, method = "POST") =>
        (await (await fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as T;
      const { agent } = await send<{ agent: { id: string } }>("/api/agents", { name: "Rosa", business_hours_tz: zone, hours_json: hours });
      const { available } = await send<{ available: { phone_number: string }[] }>("/api/numbers/search", {});
      const { number } = await send<{ number: { id: string } }>("/api/numbers", { phone_number: available[0]!.phone_number });
      await send(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
    },
    { zone: ZONE, hours: ALWAYS_OPEN },
  );
  const tomorrow = addDays(localParts(ZONE, new Date()).date, 1);

  await page.goto("/dashboard/settings");
  const texts = page.getByRole("region", { name: "Texts" });
  await expect(texts.getByText("0 of 30 sent this hour")).toBeVisible();
  await expect(texts.getByText("0 of 200 sent today")).toBeVisible();
  await expect(texts.getByText("Up to 100 an hour and 600 a day on the Growth plan.")).toBeVisible();

  // Past the plan's bound: the form says so under the field, and nothing is sent.
  await texts.getByLabel("Texts per hour").fill("101");
  await texts.getByRole("button", { name: "Save" }).click();
  await expect(texts.getByText("Texts per hour must be a whole number from 1 to 100 on the Growth plan.")).toBeVisible();
  await texts.getByLabel("Texts per hour").fill("40");
  await texts.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText("At most 40 texts an hour and 200 a day.");
  await expect(texts.getByText("0 of 40 sent this hour")).toBeVisible();
  await page.screenshot({ path: "test-results/text-settings-desktop.png", fullPage: false });
  await texts.scrollIntoViewIfNeeded();
  await texts.screenshot({ path: "test-results/text-settings-section-desktop.png" });

  // Two bookings: one texted (it counts), one to a number abroad: booked, and the toast says the text was not sent and why.
  await page.goto("/dashboard/appointments");
  const create = page.getByRole("dialog", { name: "New appointment" });
  for (const [time, name, phone] of [
    ["9:00 AM", "Ada Lovelace", "+14155552671"],
    ["10:00 AM", "Grace Hopper", "+53 5123 4567"],
  ]) {
    await page.getByRole("button", { name: "New appointment" }).first().click();
    await create.getByLabel("Day").fill(tomorrow);
    await create.getByRole("radio", { name: time! }).check();
    await create.getByLabel("Name").fill(name!);
    await create.getByLabel("Phone").fill(phone!);
    await create.getByRole("button", { name: "Book appointment" }).click();
    await expect(create).toBeHidden();
  }
  await expect(page.getByRole("status").filter({ hasText: "We texted Ada Lovelace the time and a link to change it." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Booked" }).last()).toContainText(
    `Booked; the text was not sent: ${TEXT_MESSAGES.destination_refused}`,
  );
  await page.screenshot({ path: "test-results/text-settings-refused-toast.png" });

  // A viewer reads the counts and has nothing to change them with; at 390 px the section fits the screen.
  const { viewer, context } = await joinAsViewer(page, browser);
  await viewer.setViewportSize({ width: 390, height: 844 });
  await viewer.goto("/dashboard/settings");
  const read = viewer.getByRole("region", { name: "Texts" });
  await expect(read.getByText("1 of 40 sent this hour")).toBeVisible();
  await expect(read.getByText("At most 40 texts an hour and 200 a day; owners and admins can change these.")).toBeVisible();
  await expect(read.getByRole("spinbutton")).toHaveCount(0);
  await read.scrollIntoViewIfNeeded();
  await read.screenshot({ path: "test-results/text-settings-viewer-390.png" });
  await context.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/settings");
  await texts.scrollIntoViewIfNeeded();
  await expect(texts.getByText("1 of 40 sent this hour")).toBeVisible();
  await expect(texts.getByLabel("Texts per day")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await texts.screenshot({ path: "test-results/text-settings-section-390.png" });
});
