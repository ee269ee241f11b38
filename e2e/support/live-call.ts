/** A call in progress for the live-call specs: a practice that answers it, `npm run call:simulate -- --scenario long`, Watch. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { E2E_BASE_URL, OPENAI_SIM_PORT, TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";
import { displayPhone } from "@nikki/core";
import { type Page, expect, test } from "@playwright/test";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TWILIO = `http://127.0.0.1:${TWILIO_SIM_PORT}`;
const ALWAYS_OPEN = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));
export const NOTE = "Offer the 10% new-patient discount";
export const OWNER_PHONE = "+15125550199";

/** `npm run call:simulate -- --scenario long` against this run's product and simulators: what it printed. */
export async function simulateLongCall(to: string, from: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    `${ROOT}/node_modules/.bin/tsx`,
    ["scripts/simulate-call.ts", "--scenario", "long", "--to", to, "--from", from],
    {
      cwd: ROOT,
      env: { ...process.env, NIKKI_URL: E2E_BASE_URL, TWILIO_SIMULATOR_URL: TWILIO, OPENAI_SIMULATOR_URL: `http://127.0.0.1:${OPENAI_SIM_PORT}` },
      timeout: 120_000,
    },
  );
  return stdout;
}

/** A practice with Cleaning, Grace answering at any hour, and a number: the number. */
export async function practice(page: Page): Promise<string> {
  return page.evaluate(async (hours) => {
    const send = (path: string, body: unknown, method = "POST"): Promise<any> =>
      fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
    await send("/api/services", { name: "Cleaning", duration_minutes: 60 });
    const { agent } = await send("/api/agents", {
      name: "Grace",
      business_hours_tz: "America/Chicago",
      hours_json: hours,
      tools: ["book_appointment", "send_sms"],
    });
    const { available } = await send("/api/numbers/search", {});
    // Specs run side by side and search the same numbers: each buys one of them at random, not the first.
    const { number } = await send("/api/numbers", { phone_number: available[Math.floor(Math.random() * available.length)].phone_number });
    await send(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
    return number.phone_number as string;
  }, ALWAYS_OPEN);
}

/** Calls, the call under Live now, and its live view opened with Watch. */
export async function watch(page: Page, number: string) {
  const from = displayPhone(number);
  await page.goto("/dashboard/calls");
  const liveNow = page.getByRole("region", { name: /Live now/ });
  await expect(liveNow.getByText(from)).toBeVisible({ timeout: 15_000 });
  await expect(liveNow.getByText(/Talking with Grace|Grace is picking up/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("live-now-1280.png") });
  await liveNow.getByRole("button", { name: `Watch the call from ${from}` }).click();
  const view = page.getByRole("dialog", { name: `Live: call from ${from}` });
  await expect(view).toBeVisible();
  return view;
}
