import { APPOINTMENTS_EMPTY, addDays, localParts, weekdayOf } from "@nikki/core";
import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, joinAsViewer, signUpNewBusiness } from "../support/accounts";

const ZONE = "America/New_York";
const ALWAYS_OPEN = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "20:00" }]]));

/** An agent open every day 8 to 8 in New York, with a number of its own (so the booked person is texted). */
async function agentWithNumber(page: Page) {
  await page.evaluate(
    async ({ zone, hours }) => {
      const post = (path: string, body: unknown, method = "POST"): Promise<any> =>
        fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
      const { agent } = await post("/api/agents", { name: "Rosa", business_hours_tz: zone, hours_json: hours });
      const { available } = await post("/api/numbers/search", {});
      const { number } = await post("/api/numbers", { phone_number: available[0].phone_number });
      await post(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
    },
    { zone: ZONE, hours: ALWAYS_OPEN },
  );
}

/** Books through the API from another tab, as a call or a colleague would: the free time of `day` at `time` ("11:00"). */
async function bookElsewhere(page: Page, day: string, time: string, name: string) {
  return page.evaluate(
    async ({ day, next, time, name }) => {
      const { services } = (await (await fetch("/api/services")).json()) as { services: { id: string }[] };
      const free = await fetch(`/api/appointments/availability?service_id=${services[0]!.id}&from=${day}&to=${next}`);
      const { slots } = (await free.json()) as { slots: { start: string }[] };
      const slot = slots.find((free) => free.start.startsWith(`${day}T${time}`));
      if (!slot) throw new Error(`${day} ${time} is not free`);
      const response = await fetch("/api/appointments", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service_id: services[0]!.id, start: slot.start, name, phone: "+14155550123" }),
      });
      return response.status;
    },
    { day, next: addDays(day, 1), time, name },
  );
}

test("a business books by hand, sees its agenda and week live, reschedules, cancels, and its viewer only reads", async ({ page, browser }) => {
  // A sign-up, an agent and a number, five bookings, a second tab, an invited viewer and two widths.
  test.setTimeout(150_000);
  await signUpNewBusiness(page, { email: e2eEmail("agenda"), company: "Agenda Dental" });
  await agentWithNumber(page);
  const today = localParts(ZONE, new Date()).date;
  const tomorrow = addDays(today, 1);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Appointments" }).click();
  await page.waitForURL("**/dashboard/appointments");
  await expect(page.getByText(/^No upcoming appointments yet\./)).toBeVisible();
  await expect(page.getByText("Times are in Eastern Time.")).toBeVisible();

  // By hand: nothing chosen says so under the fields; then tomorrow at 9:00.
  await page.getByRole("button", { name: "New appointment" }).first().click();
  const create = page.getByRole("dialog", { name: "New appointment" });
  await create.getByRole("button", { name: "Book appointment" }).click();
  await expect(create.getByText("Choose a free time.")).toBeVisible();
  await expect(create.getByText("Enter the name of the person booking (1 to 100 characters).")).toBeVisible();
  await create.getByLabel("Day").fill(tomorrow);
  await create.getByRole("radio", { name: "9:00 AM" }).check();
  await create.getByLabel("Name").fill("Ada Lovelace");
  await create.getByLabel("Phone").fill("+14155552671");
  await create.getByLabel("Notes").fill("Cleaning");
  await create.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Booked" })).toContainText("We texted Ada Lovelace the time and a link to change it.");
  await expect(create).toBeHidden();

  // The agenda: grouped by day, in the business's zone, made by hand.
  const tomorrowSection = page.getByRole("region", { name: /^Tomorrow · / });
  const adaRow = tomorrowSection.getByRole("row").filter({ hasText: "Ada Lovelace" });
  await expect(adaRow).toContainText("9:00 AM – 9:30 AM");
  await expect(adaRow).toContainText("By hand");

  // A time taken meanwhile (another tab books it): the server's words, and its alternatives to pick.
  const other = await page.context().newPage();
  await other.goto("/dashboard");
  await page.getByRole("button", { name: "New appointment" }).first().click();
  await create.getByLabel("Day").fill(tomorrow);
  await create.getByRole("radio", { name: "11:00 AM" }).check();
  await create.getByLabel("Name").fill("Grace Hopper");
  await create.getByLabel("Phone").fill("+14155550166");
  expect(await bookElsewhere(other, tomorrow, "11:00", "Alan Turing")).toBe(201);
  await create.getByRole("button", { name: "Book appointment" }).click();
  const alternatives = create.getByRole("group", { name: "Other free times" });
  await expect(alternatives.getByText("That time was just taken. Choose one of the other times.")).toBeVisible();
  // Offered from two hours before the taken time: 10:30 is the nearest free one after Ada's 9:00.
  await alternatives.getByRole("radio", { name: / at 10:30 AM$/ }).check();
  await create.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Booked" }).filter({ hasText: "Grace Hopper" })).toBeVisible();
  await expect(tomorrowSection.getByRole("row").filter({ hasText: "Alan Turing" })).toContainText("11:00 AM – 11:30 AM");
  await expect(tomorrowSection.getByRole("row").filter({ hasText: "Grace Hopper" })).toContainText("10:30 AM – 11:00 AM");

  // The week view: tomorrow's column holds them; a booking made in another tab arrives without a reload.
  await page.getByRole("button", { name: "Week", exact: true }).click();
  if (weekdayOf(tomorrow) === "mon") await page.getByRole("button", { name: "Next week" }).click();
  const week = page.locator(".week-grid");
  await expect(week.getByRole("button", { name: "Ada Lovelace, Appointment, 9:00 AM" })).toBeVisible();
  expect(await bookElsewhere(other, tomorrow, "14:00", "Katherine Johnson")).toBe(201);
  await expect(week.getByRole("button", { name: "Katherine Johnson, Appointment, 2:00 PM" })).toBeVisible();

  // Reschedule from the week's detail: a new free time, shown at once.
  await week.getByRole("button", { name: "Ada Lovelace, Appointment, 9:00 AM" }).click();
  const detail = page.getByRole("dialog", { name: "Ada Lovelace's appointment" });
  await expect(detail).toContainText("Cleaning");
  await detail.getByRole("button", { name: "Reschedule Ada Lovelace's appointment" }).click();
  const move = page.getByRole("dialog", { name: "Reschedule appointment" });
  await move.getByRole("radio", { name: "10:00 AM" }).check();
  await move.getByRole("button", { name: "Move to this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Rescheduled" })).toContainText("We texted Ada Lovelace the new time.");
  await expect(week.getByRole("button", { name: "Ada Lovelace, Appointment, 10:00 AM" })).toBeVisible();
  await expect(week.getByRole("button", { name: "Ada Lovelace, Appointment, 9:00 AM" })).toHaveCount(0);

  // Cancel from the agenda, confirmed; it moves behind the Canceled filter.
  await page.getByRole("button", { name: "Agenda" }).click();
  await tomorrowSection.getByRole("button", { name: "Cancel Katherine Johnson's appointment" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel appointment" });
  await confirm.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Canceled" })).toContainText("We texted Katherine Johnson that it is canceled.");
  await expect(tomorrowSection.getByRole("row").filter({ hasText: "Katherine Johnson" })).toHaveCount(0);
  await page.getByRole("search", { name: "Filter appointments" }).getByLabel("Status").selectOption("canceled");
  const canceled = page
    .getByRole("region", { name: /^Tomorrow · / })
    .getByRole("row")
    .filter({ hasText: "Katherine Johnson" });
  await expect(canceled).toContainText("Canceled");
  await expect(canceled.getByRole("button")).toHaveCount(0);
  await other.close();

  // A viewer reads the agenda and the week, with the booked person's name and number masked, and has nothing to write with.
  const { viewer, context } = await joinAsViewer(page, browser);
  await viewer.goto("/dashboard/appointments");
  const viewersRow = viewer
    .getByRole("region", { name: /^Tomorrow · / })
    .getByRole("row")
    .filter({ hasText: "10:00 AM – 10:30 AM" });
  await expect(viewersRow).toContainText("[NAME]");
  await expect(viewer.getByText("Ada Lovelace")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "New appointment" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^(Reschedule|Cancel) / })).toHaveCount(0);

  // At 390 px the agenda is cards and the week a list of days, never wider than the screen.
  await viewer.setViewportSize({ width: 390, height: 844 });
  const fits = () => viewer.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await expect(viewer.getByRole("row").filter({ hasText: "[NAME]" }).first()).toBeVisible();
  expect(await fits()).toBe(true);
  await viewer.getByRole("button", { name: "Week", exact: true }).click();
  if (weekdayOf(tomorrow) === "mon") await viewer.getByRole("button", { name: "Next week" }).click();
  await viewer.getByRole("button", { name: "[NAME], Appointment, 10:00 AM" }).click();
  const readOnly = viewer.getByRole("dialog", { name: "[NAME]'s appointment" });
  await expect(readOnly).toContainText("By hand");
  await expect(readOnly.getByRole("button", { name: /^(Reschedule|Cancel) / })).toHaveCount(0);
  await readOnly.getByRole("button", { name: "Close" }).click();
  expect(await fits()).toBe(true);
  await context.close();
});

test('once its only booking is canceled, the empty agenda says none is booked and where the canceled one is, without "yet"', async ({ page }) => {
  await signUpNewBusiness(page, { email: e2eEmail("agenda-canceled"), company: "Canceled Dental" });
  await agentWithNumber(page);
  const tomorrow = addDays(localParts(ZONE, new Date()).date, 1);
  expect(await bookElsewhere(page, tomorrow, "10:00", "Grace Hopper")).toBe(201);
  const canceled = await page.evaluate(async () => {
    const { appointments } = (await (await fetch("/api/appointments")).json()) as { appointments: { id: string }[] };
    const response = await fetch(`/api/appointments/${appointments[0]!.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: "canceled" }),
    });
    return response.status;
  });
  expect(canceled).toBe(200);

  await page.goto("/dashboard/appointments");
  await expect(page.getByText(APPOINTMENTS_EMPTY.noneBooked)).toBeVisible();
  await expect(page.getByText(APPOINTMENTS_EMPTY.elsewhere)).toBeVisible();
  await expect(page.getByText(/appointments yet/)).toHaveCount(0);
});
