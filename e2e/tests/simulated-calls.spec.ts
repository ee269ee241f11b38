/**
 * `npm run call:simulate` as a new dental practice meets it (issue 54 §4–6): the caller rings from the number `--from`
 * names and gives it when asked, asks for the practice's own first service, and the booking is on that number; the
 * Spanish caller books at any hour the agent takes bookings; the Test Suite's Spanish caller must book too.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { E2E_BASE_URL, OPENAI_SIM_PORT, TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";
import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TWILIO = `http://127.0.0.1:${TWILIO_SIM_PORT}`;
const EVERY_DAY_8_TO_5 = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "17:00" }]]));

/** `npm run call:simulate -- ARGS` against this run's product and simulators; what it printed. */
async function simulateCall(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(`${ROOT}/node_modules/.bin/tsx`, ["scripts/simulate-call.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NIKKI_URL: E2E_BASE_URL, TWILIO_SIMULATOR_URL: TWILIO, OPENAI_SIMULATOR_URL: `http://127.0.0.1:${OPENAI_SIM_PORT}` },
    timeout: 90_000,
  });
  return stdout;
}

/** The texts the product sent to `to` through the simulated Twilio. */
async function textsTo(to: string): Promise<string[]> {
  const requests = (await (await fetch(`${TWILIO}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
  return requests.filter((request) => request.path.endsWith("/Messages.json") && request.form.To === to).map((request) => request.form.Body ?? "");
}

/** The practice as its owner set it up: Cleaning and Checkup, Sofia answering in `zone` 8 to 5 every day, and a number. */
async function dentalPractice(page: Page, zone: string): Promise<string> {
  return page.evaluate(
    async ({ zone, hours }) => {
      const send = (path: string, body: unknown, method = "POST"): Promise<any> =>
        fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
      await send("/api/services", { name: "Cleaning", duration_minutes: 60 });
      await send("/api/services", { name: "Checkup", duration_minutes: 30 });
      const tools = ["book_appointment", "push_crm_lead", "send_sms"];
      const { agent } = await send("/api/agents", { name: "Sofia", business_hours_tz: zone, hours_json: hours, tools });
      const { available } = await send("/api/numbers/search", {});
      const { number } = await send("/api/numbers", { phone_number: available[0].phone_number });
      await send(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
      return number.phone_number as string;
    },
    { zone, hours: EVERY_DAY_8_TO_5 },
  );
}

/** A zone where the practice, open 8 to 5, is closed now: it is between 1 and 5 in the morning there. */
function zoneClosedNow(): string {
  const hour = new Date().getUTCHours();
  // Etc/GMT-N is N hours ahead of UTC (the sign is POSIX's).
  const ahead = (((3 - hour) % 24) + 24) % 24;
  const offset = ahead > 14 ? ahead - 24 : ahead;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

test("call:simulate rings from --from, asks for the practice's first service, and books it on the number that rang", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpNewBusiness(page, { email: e2eEmail("dental"), company: "Bright Smile Dental" });
  const number = await dentalPractice(page, "America/Chicago");

  const printed = await simulateCall(["--scenario", "booking", "--to", number, "--from", "+15125550111"]);
  expect(printed).toContain(`Ringing ${number} (Bright Smile Dental) from +15125550111.`);
  // The caller asked for a Cleaning, gave the number they rang from when asked, and was booked on it.
  expect(printed).toMatch(/Booked: Cleaning for Ada Lovelace \(\+15125550111\), \w+day, \w+ \d+ at \d+:\d\d [AP]M \(America\/Chicago\)\./);
  expect(printed).toMatch(/Summary: .*The appointment was booked for \w+day, \w+ \d+ at \d+:\d\d [AP]M\./);
  expect(printed).not.toMatch(/plumber|\+14155552671/);
  expect((await textsTo("+15125550111")).some((text) => text.startsWith("Bright Smile Dental: your Cleaning is booked for"))).toBe(true);
  expect((await textsTo("+14155552671")).some((text) => text.startsWith("Bright Smile Dental"))).toBe(false);

  // The owner's agenda: the call's booking, on the caller's number.
  await page.goto("/dashboard/appointments");
  const row = page.getByRole("row").filter({ hasText: "Ada Lovelace" });
  await expect(row).toContainText("Cleaning");
  await expect(row).toContainText("+1 512-555-0111");
  await expect(row.getByRole("link", { name: "Open the call Ada Lovelace booked on" })).toBeVisible();
});

test("the Spanish caller books while the practice is closed, and the Test Suite's Spanish caller must book", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpNewBusiness(page, { email: e2eEmail("dental-es"), company: "Sonrisa Dental" });
  const number = await dentalPractice(page, zoneClosedNow());

  const printed = await simulateCall(["--scenario", "spanish", "--to", number, "--from", "+15125550122"]);
  expect(printed).toContain("language es");
  expect(printed).toMatch(/Booked: Cleaning for Lucía Fernández \(\+15125550122\), \w+day, \w+ \d+ at \d+:\d\d [AP]M \(Etc\/GMT[+-]?\d*\)\./);
  expect(printed).not.toContain("Le pasé su mensaje al equipo");
  expect((await textsTo("+15125550122")).some((text) => text.startsWith("Sonrisa Dental: su cita (Cleaning) queda reservada para el"))).toBe(true);

  // The Test Suite's Spanish caller asks for the practice's Cleaning and passes only once it is booked.
  await page.goto("/dashboard/test-calls");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spanish caller" }) });
  await expect(card.getByText(/books your first service/)).toBeVisible();
  await expect(card.getByText("“Hola, soy Lucía Fernández. Necesito una cita de Cleaning para mañana a las 8.”")).toBeVisible();
  await expect(card.getByText("A booking is made")).toBeVisible();
  await card.getByRole("button", { name: "Run Spanish caller" }).click();
  await expect(card.getByText("Passed", { exact: true })).toBeVisible({ timeout: 90_000 });
  // The call above holds 8:00 to 9:00 tomorrow: the Test Suite books the next free time (and holds none itself).
  const steps = page.getByRole("region", { name: "Spanish caller: steps" });
  await expect(
    steps.getByText(/^Sofia answered in Spanish\. The call is stored as Spanish\. Sofia booked \w+day, \w+ \d+ at \d+:\d\d [AP]M: a free time/),
  ).toBeVisible();
  await expect(steps.getByText(/^\[NAME\] called(?: to book [^.]+)?\. The appointment was booked for \w+day, \w+ \d+ at \d+:\d\d [AP]M\./)).toBeVisible();
});
