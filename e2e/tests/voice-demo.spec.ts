import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { HOST_ORIGIN, OPENAI_SIM_PORT } from "@nikki/dev/e2e-ports";
import { testCallDialog, testCallLauncher } from "../support/widgets";

interface WebRtcSession {
  received: { type: string }[];
  audioPackets: number;
  state: string;
}

const webrtcSessions = async () => (await (await fetch(`http://127.0.0.1:${OPENAI_SIM_PORT}/__webrtc-sessions`)).json()) as WebRtcSession[];

/**
 * On a 720 px high screen the contact form's submit button lies under Test a Call, which steps aside from it until the
 * page scrolls on (widgets/src/boot.ts): the visitor scrolls past the form first.
 */
const pastTheContactForm = (page: Page) => page.evaluate(() => scrollTo(0, document.body.scrollHeight));

test.describe("the browser voice demo", () => {
  test("signed out: the health card checks, and the demo asks to sign in", async ({ page }) => {
    await page.goto("/contact");
    await pastTheContactForm(page);
    await testCallLauncher(page).click();
    await testCallDialog(page).getByRole("tab", { name: "Hear it in Browser" }).click();
    const demo = page.locator("nikki-voice-demo");
    await expect(demo.getByText("HTTPS (or localhost) detected")).toBeVisible();
    await expect(demo.getByText("Token endpoint reachable")).toBeVisible();
    await expect(demo.getByText("Please sign in to use the voice demo.")).toBeVisible();
    await demo.getByRole("button", { name: "Start Demo" }).click();
    await expect(demo.getByRole("alert")).toContainText("Failed to Start");
  });

  test("/webrtc-demo hosts the voice demo inline; signed out, it links to sign in and back", async ({ page }) => {
    await page.goto("/webrtc-demo");
    const demo = page.locator("nikki-voice-demo");
    await expect(demo.getByRole("heading", { name: "System Health" })).toBeVisible();
    await expect(demo.getByRole("button", { name: "Start Demo" })).toBeVisible();
    await expect(demo.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", /\/login\?redirect=%2Fwebrtc-demo$/);
  });

  test("on a foreign site it points to the product's page instead", async ({ page }) => {
    await page.goto(`${HOST_ORIGIN}/plain.html`);
    await testCallLauncher(page).click();
    await testCallDialog(page).getByRole("tab", { name: "Hear it in Browser" }).click();
    const demo = page.locator("nikki-voice-demo");
    await expect(demo.getByText("Origin blocked by CORS")).toBeVisible();
    await expect(demo.getByRole("link", { name: "Open the voice demo" })).toHaveAttribute("href", /\/webrtc-demo$/);
  });

  test("signed in: a real WebRTC session with the fake microphone, transcript both ways, typed questions, keyboard and stop", async ({ page, context }) => {
    test.slow();
    await context.grantPermissions(["microphone"]);
    await signUpNewBusiness(page, { email: e2eEmail("voice"), company: "Voice Demo Co" });
    await page.goto("/contact");
    await pastTheContactForm(page);
    await testCallLauncher(page).click();
    await testCallDialog(page).getByRole("tab", { name: "Hear it in Browser" }).click();
    const demo = page.locator("nikki-voice-demo");
    await expect(demo.getByText("Token endpoint reachable")).toBeVisible();
    await expect(demo.getByText("Microphone allowed")).toBeVisible();
    const before = (await webrtcSessions()).length;

    await demo.getByRole("button", { name: "Start Demo" }).click();
    await expect(demo.getByText("Demo Started")).toBeVisible();
    await expect(demo.locator("[data-connection]")).toHaveText("connected", { timeout: 15_000 });
    await expect(demo.getByText("Data channel open")).toBeVisible();
    // The microphone's audio reached the peer, which "heard" the visitor and answered.
    await expect(demo.getByText("Hi, is this the front desk?")).toBeVisible({ timeout: 15_000 });
    await expect(demo.getByText("Yes, this is Nikki at the front desk. How can I help you today?")).toBeVisible();
    await expect.poll(async () => Number(await demo.getByRole("meter").getAttribute("aria-valuenow"))).toBeGreaterThan(0);

    await demo.getByLabel("Type a question").fill("Can I book a cleaning on Friday?");
    await demo.getByRole("button", { name: "Ask" }).click();
    await expect(demo.getByText("You asked: Can I book a cleaning on Friday? I can help with that on a real call, and book it for you.")).toBeVisible();
    await page.screenshot({ path: "test-results/voice-demo-running.png" });
    const session = (await webrtcSessions())[before];
    expect(session?.audioPackets).toBeGreaterThan(0);
    expect(session?.received.map((event) => event.type)).toEqual(["conversation.item.create", "response.create"]);

    // M mutes while running (focus outside any control).
    await demo.getByRole("heading", { name: "Live Transcript" }).click();
    await page.keyboard.press("m");
    await expect(demo.getByRole("switch", { name: "Mute" })).toBeChecked();
    await page.keyboard.press("Space");
    await expect(demo.locator("[data-connection]")).toHaveText("disconnected");
    await expect(demo.getByText("Demo Stopped")).toBeVisible();
    await expect(demo.getByRole("button", { name: "Start Demo" })).toBeVisible();
  });
});
