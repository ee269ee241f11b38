import { addDays, dateLabel, localParts } from "@nikki/core";
import { TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";
import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

const ZONE = "America/Chicago";
const OPEN_DAILY = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "18:00" }]]));

/** Two agents of the practice, English and Spanish, open every day in Chicago; its number rings the English one. */
async function practice(page: Page): Promise<{ english: string; spanish: string; number: string }> {
  return page.evaluate(
    async ({ zone, hours }) => {
      const send = (path: string, body: unknown, method = "POST"): Promise<any> =>
        fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
      const english = (await send("/api/agents", { name: "Sofia", business_hours_tz: zone, hours_json: hours })).agent.id;
      const spanish = (await send("/api/agents", { name: "Lucía", language: "es-ES", business_hours_tz: zone, hours_json: hours })).agent.id;
      const { available } = await send("/api/numbers/search", {});
      const { number } = await send("/api/numbers", { phone_number: available[0].phone_number });
      await send(`/api/numbers/${number.id}`, { assigned_agent_id: english }, "PATCH");
      return { english, spanish, number: number.phone_number as string };
    },
    { zone: ZONE, hours: OPEN_DAILY },
  );
}

/** Books the day's `time` ("10:00") for `phone` with `agent`, as a call would, and answers the manage link it was texted. */
async function bookAndTextedLink(page: Page, input: { day: string; time: string; phone: string; agent: string }): Promise<string> {
  const status = await page.evaluate(
    async ({ day, next, time, phone, agent }) => {
      const { services } = (await (await fetch("/api/services")).json()) as { services: { id: string }[] };
      const free = await fetch(`/api/appointments/availability?service_id=${services[0]!.id}&from=${day}&to=${next}`);
      const slot = ((await free.json()) as { slots: { start: string }[] }).slots.find((free) => free.start.startsWith(`${day}T${time}`));
      const response = await fetch("/api/appointments", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service_id: services[0]!.id, start: slot?.start, name: "Ada Lovelace", phone, agent_id: agent }),
      });
      return response.status;
    },
    { ...input, next: addDays(input.day, 1) },
  );
  expect(status).toBe(201);
  const texts = (await (await fetch(`http://127.0.0.1:${TWILIO_SIM_PORT}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
  const body = texts.filter((text) => text.path.endsWith("/Messages.json") && text.form.To === input.phone).at(-1)?.form.Body ?? "";
  const link = /\/a\/[\w-]{43}/.exec(body)?.[0];
  if (!link) throw new Error(`no manage link was texted to ${input.phone}: ${body}`);
  return link;
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("the caller's manage page asks before it moves or cancels, shows the time zone on every time, and after a cancellation offers to book again, in English and Spanish", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("manage"), company: "Bright Smile Dental" });
  const { english, spanish, number } = await practice(page);
  const day = addDays(localParts(ZONE, new Date()).date, 2);
  const link = await bookAndTextedLink(page, { day, time: "10:00", phone: "+15125550111", agent: english });

  // The caller opens the link on a phone, signed in to nothing.
  const caller = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await caller.goto(link);
  await expect(caller.getByRole("heading", { name: "Your appointment" })).toBeVisible();
  await expect(caller.getByRole("definition").filter({ hasText: /at 10:00 AM Central Time$/ })).toBeVisible();
  await expect(caller.getByText("All times are Central Time.")).toBeVisible();
  expect(await fits(caller)).toBe(true);

  // A day first: no time is listed until one is chosen, and canceling is in view without scrolling past any.
  const timeLink = / at \d+:\d\d [AP]M$/;
  await expect(caller.getByRole("link", { name: timeLink })).toHaveCount(0);
  await expect(caller.getByRole("link", { name: "Cancel this appointment" })).toBeInViewport();
  const dayLink = caller.getByRole("link", { name: dateLabel(day), exact: true });
  await expect(dayLink).toBeVisible();
  expect(await fits(caller)).toBe(true);
  // Chosen by keyboard: the page opens on that day's times, the next Tab is its first time, and every time names its day.
  await dayLink.focus();
  await caller.keyboard.press("Enter");
  await expect(caller.getByRole("heading", { name: `Free times on ${dateLabel(day)}` })).toBeVisible();
  await expect(dayLink).toHaveAttribute("aria-current", "true");
  await caller.keyboard.press("Tab");
  await expect(caller.locator(":focus")).toHaveAccessibleName(new RegExp(`^${dateLabel(day)} at \\d+:\\d\\d [AP]M$`));
  const names = await caller.getByRole("link", { name: timeLink }).evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")));
  expect(names.length).toBeGreaterThan(10);
  for (const name of names) expect(name?.startsWith(`${dateLabel(day)} at `)).toBe(true);
  expect(await fits(caller)).toBe(true);

  // A time picked is asked about first; "No" keeps the booking as it was.
  const eleven = () => caller.getByRole("link", { name: `${dateLabel(day)} at 11:00 AM`, exact: true });
  await eleven().click();
  const ask = caller.getByRole("heading", { name: /^Move to \w+day, \w+ \d+ at 11:00 AM Central Time\?$/ });
  await expect(ask).toBeVisible();
  await caller.getByRole("link", { name: "No, keep it" }).click();
  await expect(caller.getByRole("definition").filter({ hasText: /at 10:00 AM Central Time$/ })).toBeVisible();
  await dayLink.click();
  await eleven().click();
  await expect(ask).toBeVisible();
  expect(await fits(caller)).toBe(true);
  await caller.getByRole("button", { name: "Yes, move it" }).click();
  await expect(caller.getByRole("status")).toHaveText(/^Done: your appointment is now \w+day, \w+ \d+ at 11:00 AM Central Time\. We texted you the details\.$/);
  await expect(caller.getByRole("definition").filter({ hasText: /at 11:00 AM Central Time$/ })).toBeVisible();

  // Canceling is asked about too; then the page offers the practice's number to book again.
  await caller.getByRole("link", { name: "Cancel this appointment" }).click();
  await expect(caller.getByRole("heading", { name: "Cancel it? This cannot be undone." })).toBeVisible();
  await caller.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(caller.getByRole("status")).toHaveText("Done: your appointment is canceled.");
  await expect(caller.getByRole("heading", { name: "Book again" })).toBeVisible();
  await expect(caller.getByText("Call Bright Smile Dental to book a new time.")).toBeVisible();
  const readable = `+1 ${number.slice(2, 5)}-${number.slice(5, 8)}-${number.slice(8)}`;
  await expect(caller.getByRole("link", { name: `Call ${readable}` })).toHaveAttribute("href", `tel:${number}`);
  await expect(caller.getByRole("link", { name: timeLink })).toHaveCount(0);
  expect(await fits(caller)).toBe(true);

  // Booked with the Spanish agent: the same steps in Spanish, every time with its zone.
  const spanishLink = await bookAndTextedLink(page, { day, time: "15:00", phone: "+15125550112", agent: spanish });
  await caller.goto(spanishLink);
  await expect(caller.getByRole("heading", { name: "Su cita" })).toBeVisible();
  await expect(caller.getByRole("definition").filter({ hasText: /a las 15:00 \(hora central\)$/ })).toBeVisible();
  await expect(caller.getByText("Todas las horas se indican en hora central.")).toBeVisible();
  await caller.getByRole("link", { name: dateLabel(day, "es"), exact: true }).click();
  await expect(caller.getByRole("heading", { name: `Horas libres el ${dateLabel(day, "es")}` })).toBeVisible();
  await caller.getByRole("link", { name: `${dateLabel(day, "es")} a las 16:00`, exact: true }).click();
  // The exact words: a weekday such as "miércoles" or "sábado" is no \w+.
  await expect(caller.getByRole("heading", { name: `¿Pasarla al ${dateLabel(day, "es")} a las 16:00 (hora central)?`, exact: true })).toBeVisible();
  await caller.getByRole("link", { name: "No, mantenerla" }).click();
  await caller.getByRole("link", { name: "Cancelar esta cita" }).click();
  await caller.getByRole("button", { name: "Sí, cancelarla" }).click();
  await expect(caller.getByRole("heading", { name: "Reservar de nuevo" })).toBeVisible();
  await expect(caller.getByRole("link", { name: `Llamar al ${readable}` })).toHaveAttribute("href", `tel:${number}`);
  await caller.context().close();
});
