import { type Browser, type BrowserContext, type Page, expect } from "@playwright/test";
import { DEMO } from "../../worker/src/db/seed";
import { INTEGRATIONS_SIM_PORT } from "@nikki/dev/e2e-ports";

export const E2E_PASSWORD = "e2e password 123";

let counter = 0;
export function e2eEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Signs in through /login as the demo organization's owner (locally also one of the product's operators). */
export async function signInAsDemoOwner(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.ownerEmail);
  await page.getByLabel("Password").fill(DEMO.ownerPassword);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/dashboard**");
}

/**
 * Each test's visitor signs up from an address of its own (as Cloudflare's edge would say), so the per-address
 * sign-up limit counts people, not this test run.
 */
const visitorAddress = () => `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Signs up through /signup as a visitor would and waits for the dashboard; `beforeSubmit` sees (or changes) the filled form. */
export async function signUpThroughPage(
  page: Page,
  input: { email: string; company?: string; first?: string; path?: string; beforeSubmit?: (page: Page) => Promise<void> },
) {
  const address = visitorAddress();
  await page.route("**/api/account/signup", (route) => route.continue({ headers: { ...route.request().headers(), "cf-connecting-ip": address } }));
  await page.goto(input.path ?? "/signup");
  await page.getByLabel("First name").fill(input.first ?? "Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  if (input.company !== undefined) {
    await page.getByLabel("Company name").fill(input.company);
    await page.getByLabel("Email").fill(input.email);
  } else {
    // From an invitation: the e-mail is the invited one, filled in and read-only.
    await expect(page.getByLabel("Email")).toHaveValue(input.email);
  }
  await page.getByLabel("Password").fill(E2E_PASSWORD);
  await input.beforeSubmit?.(page);
  await page.getByRole("button", { name: /Start Free Trial|Create Account and Join/ }).click();
  if (input.company === undefined) await enterEmailedCode(page, input.email);
  await page.waitForURL("**/dashboard");
}

/**
 * A new business for a test whose subject comes after sign-up: the account made through the API the sign-up page
 * sends its form to (the page itself is accounts.spec's subject), signed in on the page's context. No page is open
 * yet: a test that writes to the database first (db.ts) does it before any page's requests could meet its lock.
 */
export async function createBusiness(page: Page, input: { email: string; company: string }) {
  const response = await page.request.post("/api/account/signup", {
    headers: { "cf-connecting-ip": visitorAddress() },
    data: { firstName: "Ada", lastName: "Lovelace", email: input.email, company: input.company, password: E2E_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** createBusiness, then the dashboard, where a sign-up through the page lands. */
export async function signUpNewBusiness(page: Page, input: { email: string; company: string }) {
  await createBusiness(page, input);
  await page.goto("/dashboard");
}

/** Joining from an invitation: the 6-digit code the simulated mail API received for the address, entered as its owner would. */
export async function enterEmailedCode(page: Page, email: string) {
  const field = page.getByLabel("Code from the e-mail");
  await expect(field).toBeVisible();
  const mails = (await (await fetch(`http://127.0.0.1:${INTEGRATIONS_SIM_PORT}/__requests`)).json()) as {
    path: string;
    body: { to?: string[]; text?: string };
  }[];
  const latest = mails.filter((mail) => mail.path === "/emails" && mail.body.to?.includes(email) && /code to join/.test(mail.body.text ?? "")).at(-1);
  const code = /\b(\d{6})\b/.exec(latest?.body.text ?? "")?.[1];
  if (!code) throw new Error(`no invitation code was e-mailed to ${email}`);
  await field.fill(code);
  await page.getByRole("button", { name: /^Join / }).click();
}

/**
 * An owner (signed in on `owner`) invites a viewer, who joins from a browser context of its own: answers that viewer's
 * page, signed in to the owner's organization.
 */
export async function joinAsViewer(owner: Page, browser: Browser): Promise<{ viewer: Page; context: BrowserContext }> {
  const { member, context } = await joinAsMember(owner, browser, "viewer");
  return { viewer: member, context };
}

/** joinAsViewer for either role an owner may invite: the member's page, signed in to the owner's organization. */
export async function joinAsMember(owner: Page, browser: Browser, role: "viewer" | "admin"): Promise<{ member: Page; context: BrowserContext }> {
  await owner.goto("/dashboard/settings");
  await owner.getByRole("button", { name: "Invite Member" }).click();
  const invite = owner.getByRole("dialog", { name: "Invite a team member" });
  const email = e2eEmail(role);
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption(role);
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  // The link field may show before the invitation's answer fills it in.
  const linkField = invite.getByRole("textbox", { name: "Invitation link" });
  await expect(linkField).not.toHaveValue("");
  const link = await linkField.inputValue();
  await invite.getByRole("button", { name: "Done" }).click();
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await member.getByRole("link", { name: "Create My Account" }).click();
  await signUpThroughPage(member, { email, first: role === "viewer" ? "Vera" : "Adam", path: member.url().replace(/^https?:\/\/[^/]+/, "") });
  return { member, context };
}
