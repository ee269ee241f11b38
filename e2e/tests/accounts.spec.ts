import { ACCOUNT_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { E2E_PASSWORD, e2eEmail, signUpThroughPage } from "../support/accounts";

test.describe("accounts", () => {
  test("sign up → dashboard → sign out → /dashboard/settings asks to sign in → sign in returns there", async ({ page }) => {
    const email = e2eEmail("owner");
    await signUpThroughPage(page, { email, company: "Lovelace Plumbing" });
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expect(page.locator(".dash-org")).toHaveText("Lovelace Plumbing");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login");

    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/dashboard/settings");
    await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
    const team = page.locator("#team");
    await expect(team.getByRole("cell", { name: email })).toBeVisible();
    await expect(team.getByText("owner", { exact: true })).toBeVisible();
  });

  test("the sign-up form enforces the 8-character minimum with its message", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByText("Min. 8 characters")).toBeVisible();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Email").fill(e2eEmail("short"));
    await page.getByLabel("Company name").fill("Short Co");
    await page.getByLabel("Password").fill("1234567");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordMin)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("wrong credentials say so and stay on the page", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(e2eEmail("nobody"));
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(ACCOUNT_MESSAGES.invalidCredentials);
  });

  test("Sign up with Google (OpenID Connect) creates the account; the business is named next; Google signs in again", async ({ page }) => {
    const email = e2eEmail("google");
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByText(ACCOUNT_MESSAGES.noOrganization)).toBeVisible();
    await page.getByLabel("Company name").fill("Hopper Heating");
    await page.getByRole("button", { name: "Create My Business" }).click();
    await expect(page.locator(".dash-org")).toHaveText("Hopper Heating");

    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/dashboard");
    await expect(page.locator(".dash-org")).toHaveText("Hopper Heating");
  });

  test("an invited viewer joins from a second browser and sees Team read-only", async ({ page, browser }) => {
    // Two browsers, two sign-ups, an invitation and a code: more than the default 30 s on a busy two-core machine.
    test.slow();
    await signUpThroughPage(page, { email: e2eEmail("boss"), company: "Invite Co" });
    await page.goto("/dashboard/settings");
    await page.getByRole("button", { name: "Invite Member" }).click();
    const invite = page.getByRole("dialog", { name: "Invite a team member" });
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    await expect(invite.getByText("Please enter an email address.")).toBeVisible();
    const viewerEmail = e2eEmail("viewer");
    await invite.getByLabel("Email").fill(viewerEmail);
    await invite.getByLabel("Role").selectOption("viewer");
    await invite.getByRole("button", { name: "Send Invitation" }).click();
    const link = await invite.getByRole("textbox", { name: "Invitation link" }).inputValue();
    expect(link).toMatch(/\/invite\?id=[0-9a-f-]{36}$/);

    const second = await browser.newContext();
    const viewer = await second.newPage();
    await viewer.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(viewer.getByText("You've been invited to join")).toContainText("Invite Co");
    await viewer.getByRole("link", { name: "Create My Account" }).click();
    // The card says whom the account joins, once.
    await expect(viewer.getByText(/to join Invite Co as viewer/)).toHaveCount(1);
    // Joining a team, not a free trial.
    await expect(viewer.getByRole("heading", { level: 1 })).toHaveText("Join your team");
    await expect(viewer.getByText("Start your free trial")).toHaveCount(0);
    await signUpThroughPage(viewer, { email: viewerEmail, first: "Vera", path: viewer.url().replace(/^https?:\/\/[^/]+/, "") });
    await expect(viewer.locator(".dash-org")).toHaveText("Invite Co");
    await viewer.goto("/dashboard/settings");
    await expect(viewer.getByText("You have view-only access.")).toBeVisible();
    await expect(viewer.locator("#team").getByRole("cell", { name: viewerEmail })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Invite Member" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await expect(viewer.getByRole("combobox")).toHaveCount(0);
    // Viewers see calls and analytics only: no Agents or Numbers tab, no organization settings.
    const tabs = viewer.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link", { name: "Agents" })).toBeHidden();
    await expect(tabs.getByRole("link", { name: "Numbers" })).toBeHidden();
    await expect(tabs.getByRole("link", { name: "Settings" })).toBeHidden();
    await expect(tabs.getByRole("link", { name: "Calls" })).toBeVisible();
    await expect(viewer.getByRole("region", { name: "Widget" })).toHaveCount(0);
    // The link opened again: accepted, so the way in is the account it made, not a new invitation.
    const invitePath = link.replace(/^https?:\/\/[^/]+/, "");
    await viewer.goto(invitePath);
    await expect(viewer.getByText("You have joined Invite Co already.")).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Open the dashboard" })).toHaveAttribute("href", "/dashboard");
    await second.clearCookies();
    await viewer.goto(invitePath);
    await expect(viewer.getByText("This invitation was accepted: its account is a member of Invite Co. Sign in to open it.")).toBeVisible();
    await expect(viewer.getByText(/Ask your administrator/)).toHaveCount(0);
    await viewer.getByRole("link", { name: "Sign in", exact: true }).click();
    await viewer.waitForURL("**/login?redirect=/dashboard");
    await second.close();

    await page.reload();
    await expect(page.locator("#team").getByRole("cell", { name: viewerEmail })).toBeVisible();
    await page.getByRole("combobox", { name: /Role of Vera/ }).selectOption("admin");
    await expect(page.getByRole("status").filter({ hasText: "Role Updated" })).toBeVisible();
    await page.getByRole("button", { name: /Remove Vera/ }).click();
    await expect(page.getByRole("dialog", { name: "Remove member" })).toContainText("Are you sure you want to remove this member?");
    await page.getByRole("dialog", { name: "Remove member" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Member Removed" })).toBeVisible();
    await expect(page.locator("#team").getByRole("cell", { name: viewerEmail })).toHaveCount(0);
  });
});
