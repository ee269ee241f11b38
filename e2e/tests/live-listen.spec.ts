/**
 * Issue 56 §2 in Chromium: with live listening turned on in Settings (the agent then opens with "may be recorded or
 * monitored", which Settings quotes as the switch changes), an owner watching a call (`npm run call:simulate
 * -- --scenario long`) presses Listen and hears it: the page's AnalyserNode reads non-silent samples of both sides'
 * audio, which came over the media plane's listener socket; taking the call over ends the call's stream, and the page
 * says listening stopped because the call was put through (not that it ended), Listen disabled while it is.
 */
import { LISTEN_MESSAGES, type ListenMessage, displayPhone } from "@nikki/core";
import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { OWNER_PHONE, practice, simulateLongCall, watch } from "../support/live-call";

/** The listener socket's audio as it reaches the page: how many messages carried each side, each one's delay, how it closed. */
function listenerSocket(page: Page) {
  const seen = { caller: 0, agent: 0, delays: [] as number[], closed: false };
  page.on("websocket", (socket) => {
    if (!/\/media\/listen\//.test(socket.url())) return;
    socket.on("framereceived", ({ payload }) => {
      const message = JSON.parse(String(payload)) as ListenMessage;
      if (message.type === "clear") return;
      if (message.caller.length > 0) seen.caller += 1;
      if (message.agent.length > 0) seen.agent += 1;
      seen.delays.push(Date.now() - message.at);
    });
    socket.on("close", () => {
      seen.closed = true;
    });
  });
  return seen;
}

test("an owner listens in to a call as it happens", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpNewBusiness(page, { email: e2eEmail("listen"), company: "Listening Smile Dental" });
  const number = await practice(page);
  // Settings: the switch, explained next to it; off by default.
  await page.goto("/dashboard/settings");
  const calls = page.getByRole("region", { name: "Calls, recording and privacy" });
  const allow = calls.getByLabel(LISTEN_MESSAGES.setting);
  await expect(allow).not.toBeChecked();
  // "Announce the recording" quotes the notice the call says: "may be recorded" until live listening is on.
  const announceHint = calls.locator(".setting-switch", { hasText: "Announce the recording" });
  await expect(announceHint).toContainText('Callers hear "This call may be recorded." first');
  await expect(calls.getByText(/never speak into them\. Callers hear "This call may be recorded or monitored\." first/)).toBeVisible();
  await allow.check();
  await expect(announceHint).toContainText(
    'Callers hear "This call may be recorded or monitored." first, in the agent\'s language, while live listening is on.',
  );
  await calls.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true }).first()).toBeVisible();
  await calls.screenshot({ path: test.info().outputPath("listen-setting.png") });
  const heard = listenerSocket(page);
  const from = "+15125550143";
  const printed = simulateLongCall(number, from);

  const view = await watch(page, from);
  // The agent's first words say the call may be monitored.
  await expect(view.locator(".live-transcript > li").first()).toContainText("This call may be recorded or monitored.", { timeout: 15_000 });
  await view.getByRole("button", { name: "Listen", exact: true }).click();
  const meter = view.getByRole("meter", { name: "Listening" });
  await expect(meter).toBeVisible({ timeout: 10_000 });
  // The analyser reads the call's audio: non-silent samples (μ-law silence decodes to exactly 0).
  await expect.poll(async () => Number(await meter.getAttribute("data-level")), { timeout: 30_000, intervals: [50] }).toBeGreaterThan(0);
  await expect.poll(() => heard.caller > 0 && heard.agent > 0, { timeout: 30_000 }).toBe(true);
  await page.screenshot({ path: test.info().outputPath("listen-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("listen-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Taking the call over puts the caller through to the owner's phone: the call's stream ends, and with it the
  // listening, which says so (the call goes on) and is not offered again while the caller is with the owner.
  await view.getByRole("button", { name: "Take over" }).click();
  const ask = page.getByRole("dialog", { name: "Take over this call?" });
  await ask.getByLabel("Phone to ring").fill(OWNER_PHONE);
  await ask.getByRole("button", { name: "Ring" }).click();
  await expect(view.locator(".live-state")).toHaveText(/Ringing Ada…|Connected to Ada/, { timeout: 20_000 });
  await expect.poll(() => heard.closed, { timeout: 15_000 }).toBe(true);
  await expect(view.getByRole("button", { name: "Listen", exact: true })).toBeDisabled({ timeout: 15_000 });
  await expect(view.getByText(/^Listening stopped: the call (is being|was) put through to Ada\.$/)).toBeVisible();
  await expect(view.getByText("The call has ended.")).toHaveCount(0);
  await expect(view.locator(".live-state")).toHaveText(/Connected to Ada/, { timeout: 15_000 });
  await expect(view.getByText("Listening stopped: the call was put through to Ada.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("listen-transferred-1280.png") });
  await expect(page.getByRole("dialog", { name: `Call from ${displayPhone(from)}` })).toBeVisible({ timeout: 40_000 });
  await printed;
  const sorted = [...heard.delays].sort((a, b) => a - b);
  console.log(
    `listen: ${heard.caller} caller and ${heard.agent} agent messages, delay media plane → page p95 ${sorted[Math.ceil(sorted.length * 0.95) - 1]} ms`,
  );
});
