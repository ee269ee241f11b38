import { BILLING_MESSAGES, PAGE_ACCESS_COPY, RESTRICTED_PAGES } from "@nikki/core";
import { type Page, expect, test } from "@playwright/test";
import { e2eEmail, joinAsMember, signUpNewBusiness } from "../support/accounts";

const BUSINESS = "Bright Smile Dental";

/** The requests the server refused the page (403), from the moment it is opened. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith("/api/")) refused.push(new URL(response.url()).pathname);
  });
  return refused;
}

/** Opens a page by its address, as a member would from a bookmark, and waits for its islands to settle. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/** Pages a viewer may not use: by address, each says so plainly, with no action of the page and no request refused. */
const RESTRICTED: { path: string; message: string; actions: string[] }[] = [
  { path: "/dashboard/agents", message: RESTRICTED_PAGES.agents, actions: ["Create Agent"] },
  { path: "/dashboard/numbers", message: RESTRICTED_PAGES.numbers, actions: ["Add Number", "Refresh numbers"] },
  { path: "/dashboard/numbers/help", message: RESTRICTED_PAGES.numbers, actions: [] },
  { path: "/dashboard/integrations", message: RESTRICTED_PAGES.integrations, actions: ["Configure", "Connect with Google"] },
  { path: "/dashboard/billing", message: RESTRICTED_PAGES.billing, actions: ["Choose a plan", "Save limit"] },
  { path: "/dashboard/health/telephony", message: RESTRICTED_PAGES.health, actions: ["Run all checks"] },
  { path: "/dashboard/health/voice", message: RESTRICTED_PAGES.health, actions: ["Run health check"] },
  { path: "/dashboard/ops/voice", message: RESTRICTED_PAGES.health, actions: ["Run checks", "Save"] },
];

/** Pages a viewer reads: what shows they are there, and no action that writes (the server would refuse them all). */
const READABLE: { path: string; shows: string; actions: string[] }[] = [
  { path: "/dashboard", shows: "This billing period", actions: [] },
  { path: "/dashboard/calls", shows: "Call history", actions: ["Place a test call"] },
  { path: "/dashboard/appointments", shows: "Bookings", actions: ["New appointment"] },
  { path: "/dashboard/business-leads", shows: "Your leads", actions: [] },
  { path: "/dashboard/knowledge", shows: "What your agents know", actions: ["Add entry", "Import from website", "Open Test Suite"] },
  { path: "/dashboard/test-calls", shows: "Prove your receptionist works", actions: ["Run all scenarios", "Save script", "Go to Numbers"] },
  { path: "/dashboard/settings", shows: "You have view-only access.", actions: ["Save Changes", "Invite Member", "Close organization"] },
];

test("a viewer opening each owner page by address reads who may use it; the pages a viewer reads offer no action; admin and owner differ where the owner's alone", async ({
  page,
  browser,
}) => {
  // A sign-up, two invited members in browsers of their own, and every dashboard page.
  test.setTimeout(180_000);
  await signUpNewBusiness(page, { email: e2eEmail("dental"), company: BUSINESS });
  const { member: viewer, context: viewerContext } = await joinAsMember(page, browser, "viewer");
  const refused = refusals(viewer);

  // The menu: a viewer is not offered the tabs whose pages are for owners and admins, and neither a viewer nor the
  // owner who signed up (no operator) sees the product's own Sales leads; both see their business's Leads.
  await open(viewer, "/dashboard");
  const viewerMenu = viewer.getByRole("navigation", { name: "Dashboard" });
  await expect(viewerMenu.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  for (const name of ["Agents", "Numbers", "Integrations", "Billing", "Settings", "Sales leads"])
    await expect(viewerMenu.getByRole("link", { name })).toHaveCount(0);
  await open(page, "/dashboard");
  const ownerMenu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(ownerMenu.getByRole("link", { name: "Agents" })).toBeVisible();
  await expect(ownerMenu.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  await expect(ownerMenu.getByRole("link", { name: "Sales leads" })).toHaveCount(0);

  for (const { path, message, actions } of RESTRICTED) {
    await test.step(`viewer at ${path}`, async () => {
      await open(viewer, path);
      await expect(viewer.getByRole("heading", { name: message })).toBeVisible();
      await expect(viewer.getByText(PAGE_ACCESS_COPY.viewer(BUSINESS))).toBeVisible();
      await expect(viewer.getByRole("link", { name: PAGE_ACCESS_COPY.back })).toHaveAttribute("href", "/dashboard");
      for (const name of actions) await expect(viewer.getByRole("button", { name })).toHaveCount(0);
      await expect(viewer.getByRole("alert")).toHaveCount(0);
      expect(refused, `requests refused on ${path}`).toEqual([]);
    });
  }

  for (const { path, shows, actions } of READABLE) {
    await test.step(`viewer at ${path}`, async () => {
      await open(viewer, path);
      await expect(viewer.getByText(shows).first()).toBeVisible();
      for (const name of actions) await expect(viewer.getByRole("button", { name }).or(viewer.getByRole("link", { name }))).toHaveCount(0);
      await expect(viewer.getByRole("alert")).toHaveCount(0);
      expect(refused, `requests refused on ${path}`).toEqual([]);
    });
  }

  // At a phone's width the refusal fits the screen too.
  await viewer.setViewportSize({ width: 390, height: 844 });
  await open(viewer, "/dashboard/numbers");
  await expect(viewer.getByRole("heading", { name: RESTRICTED_PAGES.numbers })).toBeVisible();
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await viewerContext.close();

  // An admin uses the owner pages, but the plan and the organization's data are the owner's.
  const { member: admin, context: adminContext } = await joinAsMember(page, browser, "admin");
  await open(admin, "/dashboard/numbers");
  await expect(admin.getByRole("button", { name: "Add Number" }).first()).toBeVisible();
  await open(admin, "/dashboard/billing");
  await expect(admin.getByText(BILLING_MESSAGES.ownerOnly)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Choose a plan" })).toHaveCount(0);
  await open(admin, "/dashboard/settings");
  await expect(admin.getByRole("region", { name: "Your data" })).toContainText(PAGE_ACCESS_COPY.dataRightsOwnerOnly);
  await expect(admin.getByRole("button", { name: "Close organization" })).toHaveCount(0);
  await adminContext.close();

  await open(page, "/dashboard/billing");
  await expect(page.getByRole("button", { name: "Choose a plan" })).toBeVisible();
  await open(page, "/dashboard/settings");
  await expect(page.getByRole("button", { name: "Close organization" })).toBeVisible();
});
