import { CALL_MESSAGES, displayPhone } from "@nikki/core";
import { E2E_BASE_URL, TWILIO_SIM_PORT } from "@nikki/dev/e2e-ports";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { expect, test } from "@playwright/test";
import { DEMO } from "../../worker/src/db/seed";
import { signInAsDemoOwner } from "../support/accounts";
import { queryOne } from "../support/db";

/**
 * A caller who hangs up while the call connects, before Nikki answers: the call ends abandoned, with nothing to process.
 * Its detail says so, plays no recording (Twilio recorded only the second it took to connect) and badges no transcript
 * as redacted, since there is none: on a desktop and on a 390 px phone.
 */
for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["390 px", { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });
    test("a call the caller left before Nikki answered, in its detail", async ({ page }) => {
      const from = `+1415556${String(Date.now() % 10_000).padStart(4, "0")}`;
      const call = await placeSimulatedCall({
        baseUrl: E2E_BASE_URL,
        publicBaseUrl: E2E_BASE_URL,
        authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
        accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
        from,
        to: DEMO.phoneNumber,
        tag: 0,
        hangUpOnAnswer: true,
        twilioRestUrl: `http://127.0.0.1:${TWILIO_SIM_PORT}`,
      });
      expect(call.voicemail).toBe(false);
      await expect
        .poll(() =>
          queryOne<{ status: string; processing_status: string; recorded: number }>(
            "select status, processing_status, recording_url is not null as recorded from calls where call_sid = ?",
            call.callSid,
          ),
        )
        .toEqual({ status: "abandoned", processing_status: "skipped", recorded: 1 });

      await signInAsDemoOwner(page);
      await page.goto("/dashboard/calls");
      await page.getByRole("button", { name: new RegExp(`^Open the call from \\${displayPhone(from)}`) }).click();
      const detail = page.getByRole("dialog", { name: `Call from ${displayPhone(from)}` });
      await expect(detail.getByText("Nothing to process", { exact: true })).toBeVisible();
      await expect(detail.getByText(CALL_MESSAGES.abandoned)).toBeVisible();
      await expect(detail.getByText(CALL_MESSAGES.noRecording)).toBeVisible();
      await expect(detail.locator("audio")).toHaveCount(0);
      await expect(detail.getByText(CALL_MESSAGES.noTranscript)).toBeVisible();
      // The demo stores speech redacted, yet nothing here was said: no badge, no toggle.
      await expect(detail.getByText("Redacted", { exact: true })).toHaveCount(0);
      await expect(detail.getByLabel("Redact PII")).toHaveCount(0);
      await expect(detail.getByText("Failed", { exact: true })).toHaveCount(0);
      await detail.screenshot({ path: test.info().outputPath(`call-never-reached-${viewport.width}.png`) });
    });
  });
}
