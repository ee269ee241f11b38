import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_READY_URL, E2E_SERVER_SCRIPT } from "@nikki/dev/e2e-ports";

// Playwright cannot download its own browser here: use Debian's (DESIGN.md). Its headless shell first: the full
// browser in headless mode opens a window with its own browser UI for every test's context, about three times the
// CPU per context on a two-core machine; the shell is the same engine without that UI.
const executablePath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  // Two browsers: a third read faster on a busy machine but slower idle (391 s against 319-350 s), and put more load on
  // the specs' timings (docs/performance.md, "npm test's time").
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: "off",
    // Chromium here draws without a GPU: the starfield's full-screen twinkle would be recomposited in software at
    // 60 frames a second in every page, a core's worth of CPU per browser. The site honours reduced motion (global.css).
    reducedMotion: "reduce",
    // The site's Test-a-Call dialog opens itself on a first visit; tests of other pages start as returning visitors.
    storageState: { cookies: [], origins: [{ origin: E2E_BASE_URL, localStorage: [{ name: "nikki:widget-seen", value: "1" }] }] },
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        // The voice demo: a fake microphone, and host ICE candidates the local WebRTC peer can reach (no mDNS names).
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        "--disable-features=WebRtcHideLocalIpsWithMdns",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // `npm test` starts the same server ahead, while its earlier stages run (scripts/lib/e2e-server-ahead.ts).
  webServer: process.env.E2E_SERVER_STARTED
    ? undefined
    : {
        command: `npx tsx ${E2E_SERVER_SCRIPT}`,
        cwd: "..",
        url: E2E_READY_URL,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
        stderr: "pipe",
      },
});
