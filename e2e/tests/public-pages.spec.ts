import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** Every public page of spec 000 §2 (the dashboard and operator pages have their own specs). */
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/solutions/ai-receptionist",
  "/solutions/after-hours",
  "/solutions/bilingual",
  "/demos",
  "/webrtc-demo",
  "/security",
  "/blog",
  "/contact",
  "/thank-you?lead=abcdef1234",
  "/welcome",
  "/health",
  "/live",
  "/login",
  "/signup",
];

test.describe("the public pages", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: renders with a title, description, canonical and robots, no console error, no serious axe violation`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(path);
      // The strict policy (csp.spec.ts checks it whole); a violation would be one of the console errors below.
      expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      // Signed out, /welcome stays put and offers to sign in (signed in, it moves on to the dashboard after 5 s).
      if (path === "/welcome") {
        await expect(page.getByText("Sign in to see your subscription")).toBeVisible();
        await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login?redirect=%2Fwelcome");
      }
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page).toHaveTitle(/Nikki AI/);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/^http/);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/index|noindex/);
      // The audit sees the page as a visitor does: an inline voice demo mounted, not swapped in mid-audit.
      await page.waitForFunction(() => [...document.querySelectorAll("nikki-voice-demo")].every((el) => el.shadowRoot?.querySelector(".nikki")));
      const axe = await new AxeBuilder({ page }).exclude("nikki-chat").exclude("nikki-test-call").analyze();
      const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("link audit: no empty href, no in-page anchor to nowhere, no internal link or image that 404s", async ({ page, request }) => {
    const problems: string[] = [];
    const checked = new Map<string, number>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const links = await page.evaluate(() => ({
        hrefs: [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")),
        anchors: [...document.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute("href")!.slice(1)).filter((id) => id && !document.getElementById(id)),
        images: [...document.querySelectorAll("img")].map((img) => img.getAttribute("src")),
      }));
      for (const href of links.hrefs) if (!href?.trim()) problems.push(`${path}: a link with an empty href`);
      for (const id of links.anchors) problems.push(`${path}: #${id} points nowhere`);
      const internal = [...links.hrefs, ...links.images].filter((url): url is string => !!url && url.startsWith("/") && !url.startsWith("//"));
      for (const url of internal) {
        const target = url.split("#")[0]!;
        if (!checked.has(target)) checked.set(target, (await request.get(target, { maxRedirects: 0 })).status());
        const status = checked.get(target)!;
        // The dashboard sends a signed-out visitor to sign in (302): that link works.
        if (status >= 400) problems.push(`${path}: ${url} answers ${status}`);
      }
    }
    expect(problems).toEqual([]);
    expect([...checked.keys()]).toEqual(
      expect.arrayContaining(["/", "/pricing", "/demos", "/solutions/bilingual", "/security", "/blog", "/health", "/signup", "/webrtc-demo"]),
    );
  });

  test("/sitemap.xml and /robots.txt", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/pricing", "/solutions/bilingual", "/demos"]) expect(sitemap).toContain(`${path}</loc>`);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: ");
    expect(robots).toContain("Disallow: /dashboard");
  });

  test("/demos: the clips really play, and Ask a question gets a real answer (Enter submits)", async ({ page }) => {
    await page.goto("/demos");
    const clip = page.getByLabel("Home Services Intake sample");
    await expect(clip).toHaveAttribute("preload", "none");
    await clip.evaluate((audio: HTMLAudioElement) => audio.play());
    await expect.poll(() => clip.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0.2);
    const input = page.getByLabel("Your question");
    await input.fill("   ");
    await expect(page.getByRole("button", { name: "Ask" })).toBeDisabled();
    await input.fill("  Can Nikki book appointments?  ");
    await input.press("Enter");
    // The answer comes from the demo agent's knowledge (the simulated model answers from its instructions' knowledge).
    await expect(page.getByText("It answers calls 24/7 in English and Spanish, books appointments, captures leads")).toBeVisible();
  });

  test("/live: no telephony warning when it is configured; the E.164 rules; the sample behind Enable Audio", async ({ page }) => {
    await page.goto("/live");
    await expect(page.getByRole("heading", { name: /on your own phone/ })).toBeVisible();
    // The warning's eight diagnostics have all run, and passed.
    await expect(page.locator("body")).toHaveAttribute("data-telephony-checks", "pass", { timeout: 15_000 });
    await expect(page.getByText("Telephony Not Fully Configured")).toHaveCount(0);

    await page.getByRole("button", { name: "Test Call My Phone" }).click();
    const dialog = page.getByRole("dialog", { name: "Test Call My Phone" });
    await dialog.getByRole("button", { name: "Call Me" }).click();
    await expect(page.getByText("Please enter your mobile number in E.164 format")).toBeVisible();
    await dialog.getByLabel("Mobile number").fill("4155552671");
    await dialog.getByRole("button", { name: "Call Me" }).click();
    await expect(page.getByText("Phone number must be in E.164 format (e.g., +14155552671)")).toBeVisible();
    await page.keyboard.press("Escape");

    await expect(page.getByText("Audio is off until you enable it.")).toBeVisible();
    await page.getByRole("button", { name: "Enable Audio" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^(Playing|Paused)$/ })).toBeVisible();
    await expect(page.getByLabel("Sample call greeting")).toHaveAttribute("controls", "");
  });
});
