import { DISCARD_QUESTION } from "../../site/src/lib/discard-words";
import { type Page, expect, test } from "@playwright/test";
import { CALENDAR_COPY_MESSAGES, GOOGLE_CALENDAR_OUTCOMES, INTEGRATION_MESSAGES, SERVICE_MESSAGES, SETTINGS_MESSAGES, integrationInfo } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { connectIntegration, integrationCard } from "../support/integrations";
import { CALCOM_SIM_PORT } from "@nikki/dev/e2e-ports";

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text }).last();
/** A destructive toast is an alert. */
const alertToast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text }).last();

test("the wizard's Services step adds a service; Settings saves the booking settings and rotates the calendar feed", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewBusiness(page, { email: e2eEmail("booking"), company: "Drain Masters" });

  // Services, in the wizard after Hours: the default one is there, a new one is checked, added and listed.
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await wizard.getByLabel("Agent name").fill("Rosa");
  for (let step = 0; step < 5; step += 1) await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 6 of 8: Services")).toBeVisible();
  await expect(wizard.getByRole("note")).toContainText("“Appointment” (30 min)");
  const services = wizard.getByRole("list", { name: "Services" });
  await expect(services.getByRole("listitem")).toHaveCount(1);
  await expect(services.getByText("30 min · no buffer · no price given")).toBeVisible();

  await wizard.getByRole("button", { name: "Add service" }).click();
  const editor = wizard.getByRole("group", { name: "New service" });
  await expect(editor.getByLabel("Service name")).toHaveAttribute("placeholder", SERVICE_MESSAGES.namePlaceholder);
  await editor.getByLabel("Service name").fill("Drain cleaning");
  await editor.getByLabel("Duration").fill("62");
  await editor.getByRole("button", { name: "Save service" }).click();
  await expect(editor.getByText(SERVICE_MESSAGES.duration)).toBeVisible();
  await expect(editor.getByLabel("Duration")).toHaveAttribute("aria-invalid", "true");
  await editor.getByLabel("Duration").fill("60");
  await editor.getByLabel("Buffer after").fill("15");
  await editor.getByLabel("Price").fill("From $120");
  // Enter in a field adds the service; it does not move the wizard on.
  await editor.getByLabel("Price").press("Enter");
  await expect(toast(page, "Service Added")).toBeVisible();
  await expect(wizard.getByText("Step 6 of 8: Services")).toBeVisible();
  const drain = services.getByRole("listitem").filter({ hasText: "Drain cleaning" });
  await expect(drain).toContainText("60 min · 15 min buffer · From $120");
  await expect(drain).toContainText("Offered by every agent");
  const stored = (await (await page.request.get("/api/services")).json()) as { services: { name: string; duration_minutes: number; buffer_minutes: number }[] };
  expect(stored.services.find((service) => service.name === "Drain cleaning")).toMatchObject({ duration_minutes: 60, buffer_minutes: 15 });

  // The starting service renamed, the note about it goes.
  await wizard.getByRole("button", { name: "Edit Appointment" }).click();
  await wizard.getByRole("group", { name: "Edit Appointment" }).getByLabel("Service name").fill("Emergency call-out");
  await wizard.getByRole("group", { name: "Edit Appointment" }).getByRole("button", { name: "Save service" }).click();
  await expect(services.getByRole("listitem").filter({ hasText: "Emergency call-out" })).toBeVisible();
  await expect(wizard.getByRole("note")).toHaveCount(0);

  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Save Agent" }).click();
  await expect(toast(page, "Agent Created")).toBeVisible();

  // Booking settings: a step that is not a multiple of 5 is refused under its field, then saved.
  await page.goto("/dashboard/settings");
  const booking = page.getByRole("region", { name: "Booking", exact: true });
  await booking.getByLabel("Minimum notice").fill("60");
  await booking.getByLabel("Book up to").fill("14");
  await booking.getByLabel("Start times every").fill("7");
  await booking.getByLabel("Add a closed date").fill("2027-01-01");
  await booking.getByRole("button", { name: "Add date" }).click();
  await expect(booking.getByText("Friday, January 1, 2027")).toBeVisible();
  await booking.getByRole("button", { name: "Save" }).click();
  await expect(booking.getByText(SETTINGS_MESSAGES.bookingStep)).toBeVisible();
  await expect(booking.getByLabel("Start times every")).toHaveAttribute("aria-invalid", "true");
  await booking.getByLabel("Start times every").fill("30");
  await booking.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Saved")).toBeVisible();
  await expect(booking.getByText(SETTINGS_MESSAGES.bookingStep)).toHaveCount(0);
  const { settings } = (await (await page.request.get("/api/org/settings")).json()) as { settings: Record<string, unknown> };
  expect(settings).toMatchObject({ booking_min_notice_minutes: 60, booking_horizon_days: 14, booking_slot_step_minutes: 30, closed_dates: ["2027-01-01"] });
  await page.reload();
  await expect(page.getByRole("region", { name: "Booking", exact: true }).getByLabel("Start times every")).toHaveValue("30");

  // The private feed: iCalendar at its link; after Rotate the old link is gone and the new one answers.
  const feed = page.getByRole("region", { name: "Calendar feed", exact: true });
  await expect(feed.getByText("Subscribe from Google Calendar, Apple Calendar or Outlook", { exact: false })).toBeVisible();
  const oldUrl = await feed.getByLabel("Private calendar feed link").inputValue();
  expect(oldUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const before = await page.request.get(oldUrl);
  expect(before.status()).toBe(200);
  expect(before.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await before.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  await feed.getByRole("button", { name: "Rotate link" }).click();
  const confirm = page.getByRole("dialog", { name: "Rotate the calendar link?" });
  await expect(confirm).toContainText("The current link stops working at once");
  await confirm.getByRole("button", { name: "Rotate" }).click();
  await expect(toast(page, "Calendar Link Rotated")).toBeVisible();
  await expect(feed.getByLabel("Private calendar feed link")).not.toHaveValue(oldUrl);
  const newUrl = await feed.getByLabel("Private calendar feed link").inputValue();
  expect((await page.request.get(oldUrl)).status()).toBe(404);
  expect((await page.request.get(newUrl)).headers()["content-type"]).toMatch(/^text\/calendar/);
});

test("Google Calendar connects through Google's consent and tests; Cal.com saves and tests; both can be removed", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewBusiness(page, { email: e2eEmail("calendars"), company: "Calendar Plumbing" });
  await page.goto("/dashboard/integrations");
  const google = integrationCard(page, "Google Calendar");
  await expect(google.getByText("Not Configured", { exact: true })).toBeVisible();

  // Allowing only one of the two calendar permissions is refused in the product's words.
  await google.getByRole("button", { name: "Connect with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel(/calendar\.freebusy/).uncheck();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/integrations" && !url.search.includes("calendar="));
  await expect(alertToast(page, GOOGLE_CALENDAR_OUTCOMES.scopes.title)).toContainText(INTEGRATION_MESSAGES.calendarScopes);
  await expect(google.getByText("Not Configured", { exact: true })).toBeVisible();

  // Both allowed: connected, first-tested by the server, then tested again here.
  await google.getByRole("button", { name: "Connect with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/integrations" && !url.search.includes("calendar="));
  await expect(toast(page, GOOGLE_CALENDAR_OUTCOMES.connected.title)).toBeVisible();
  await expect(google.getByText("Verified", { exact: true })).toBeVisible();
  // The card names the account connected (the Google simulator's default sign-in).
  await expect(google.getByText("Connected as grace.hopper@example.com (primary calendar)")).toBeVisible();
  await expect(google.getByRole("button", { name: "Reconnect with Google" })).toBeVisible();
  await page.getByRole("button", { name: "Test Connection to Google Calendar" }).click();
  await expect(toast(page, "Connection Successful")).toContainText("Connected to Google Calendar");

  // Cal.com: a wrong event type is refused under its field; the right one saves and tests.
  await page.getByRole("button", { name: "Configure Cal.com" }).click();
  const calcom = page.getByRole("dialog", { name: "Configure Cal.com" });
  await calcom.getByLabel("API Key").fill(OWN.calcom.api_key);
  await calcom.getByLabel("Event Type ID").fill("thirty-minutes");
  await calcom.getByRole("button", { name: "Save Configuration" }).click();
  await expect(calcom.getByText(INTEGRATION_MESSAGES.eventTypeId)).toBeVisible();
  // Closed with what was refused still typed: asked first, and discarded.
  await calcom.getByRole("button", { name: "Close" }).click();
  await page.getByRole("alertdialog", { name: DISCARD_QUESTION.title }).getByRole("button", { name: DISCARD_QUESTION.discard }).click();
  await expect(calcom).toBeHidden();
  await connectIntegration(page, "Cal.com", { "API Key": OWN.calcom.api_key, "Event Type ID": OWN.calcom.event_type_id });
  await expect(integrationCard(page, "Cal.com").getByText(`Event Type ID ${OWN.calcom.event_type_id}`)).toBeVisible();

  await page.getByRole("button", { name: "Remove Google Calendar" }).click();
  await page.getByRole("dialog", { name: "Remove Google Calendar?" }).getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, INTEGRATION_MESSAGES.removed)).toBeVisible();
  await expect(google.getByText("Not Configured", { exact: true })).toBeVisible();
  await expect(google.getByRole("button", { name: "Connect with Google" })).toBeVisible();
});

test("with Google Calendar and Cal.com both connected, a booking is copied to each, and each card says so", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewBusiness(page, { email: e2eEmail("two-calendars"), company: "Two Calendars Plumbing" });
  const hours = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "20:00" }]]));
  await page.evaluate(async (hours_json) => {
    await fetch("/api/agents", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Rosa", business_hours_tz: "America/New_York", hours_json }),
    });
  }, hours);
  const bookFirstFree = () =>
    page.evaluate(async () => {
      const { services } = (await (await fetch("/api/services")).json()) as { services: { id: string }[] };
      const { slots } = (await (await fetch(`/api/appointments/availability?service_id=${services[0]!.id}`)).json()) as { slots: { start: string }[] };
      const response = await fetch("/api/appointments", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service_id: services[0]!.id, start: slots[0]!.start, name: "Ada Lovelace", phone: "+14155550123" }),
      });
      const { appointment } = (await response.json()) as { appointment: { calendar_copies: { provider: string; state: string }[] } };
      return appointment.calendar_copies.map((copy) => [copy.provider, copy.state]);
    });
  // A booking made before any calendar is connected has no copy yet; connecting each calendar copies it there.
  expect(await bookFirstFree()).toEqual([]);
  await page.goto("/dashboard/integrations");
  const google = integrationCard(page, "Google Calendar");
  const calcom = integrationCard(page, "Cal.com");
  // Each card promises every booking change, before and after it is connected.
  await expect(google.getByText(integrationInfo("google_calendar").purpose)).toBeVisible();
  await expect(calcom.getByText(integrationInfo("calcom").purpose)).toBeVisible();
  await google.getByRole("button", { name: "Connect with Google" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/integrations" && !url.search.includes("calendar="));
  await expect(google.getByText("Verified", { exact: true })).toBeVisible();
  await connectIntegration(page, "Cal.com", { "API Key": OWN.calcom.api_key, "Event Type ID": OWN.calcom.event_type_id });
  // Made just after each connection's answer: the card says so once the page is read again.
  await expect(async () => {
    await page.reload();
    for (const card of [google, calcom]) await expect(card.getByText(/^Last copy made /)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  for (const card of [google, calcom]) await expect(card.getByText(/to be copied|being copied/)).toHaveCount(0);

  // Bookings by hand, in the first free time: both calendars get their copy.
  expect(await bookFirstFree()).toEqual([
    ["calcom", "synced"],
    ["google_calendar", "synced"],
  ]);
  await page.reload();
  for (const card of [google, calcom]) {
    await expect(card.getByText(/^Last copy made \w{3} \d+, \d{4}, \d+:\d\d [AP]M E[SD]T$/)).toBeVisible();
    await expect(card.getByText(/to be copied/)).toHaveCount(0);
  }

  // Cal.com down (its booking requests only, which no other spec makes): Google keeps up, Cal.com's card says what waits.
  const calcomFaults = `http://127.0.0.1:${CALCOM_SIM_PORT}/__faults`;
  await page.request.post(calcomFaults, { data: { path: "/v2/bookings*", count: 100, status: 503 } });
  try {
    expect(await bookFirstFree()).toEqual([
      ["calcom", "pending"],
      ["google_calendar", "synced"],
    ]);
  } finally {
    await page.request.delete(calcomFaults);
  }
  await page.reload();
  await expect(calcom.getByText(CALENDAR_COPY_MESSAGES.pending(1))).toBeVisible();
  await expect(google.getByText(/to be copied/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("integrations-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const card of [google, calcom]) {
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`integrations-390-${await card.getByRole("heading").textContent()}.png`) });
  }
});
