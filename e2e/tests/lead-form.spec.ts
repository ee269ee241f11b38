import { LEAD_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { filledContactForm } from "../support/contact-form";
import { queryOne } from "../support/db";

interface LeadRow {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  intent: string | null;
  notes: string | null;
  source_page: string | null;
}

test.describe("the lead form", () => {
  test("shows the spec's message under each invalid field, rechecked on change", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form.lead-form");
    await form.getByLabel("Name").fill("A");
    await form.getByLabel("Phone").fill("555-12");
    await form.getByLabel("Email").fill("ada@");
    await form.getByLabel("Notes").fill("n".repeat(1001));
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(form.getByLabel("Name")).toHaveAccessibleDescription(LEAD_MESSAGES.nameMin);
    await expect(form.getByLabel("Phone")).toHaveAccessibleDescription(LEAD_MESSAGES.phoneMin);
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(LEAD_MESSAGES.emailFormat);
    await expect(form.getByLabel("Notes")).toHaveAccessibleDescription(LEAD_MESSAGES.notesMax);
    await expect(form.getByLabel("Name")).toBeFocused();

    await form.getByLabel("Phone").fill("415-555-CALL");
    await expect(form.getByLabel("Phone")).toHaveAccessibleDescription(LEAD_MESSAGES.phoneChars);
    await form.getByLabel("Name").fill("Ada Lovelace");
    await expect(form.getByText(LEAD_MESSAGES.nameMin)).toHaveCount(0);
    await expect(form.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a good lead lands on /thank-you with its reference id, and is stored with its source page", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form.lead-form");
    const email = `ada+${Date.now()}@example.com`;
    await form.getByLabel("Name").fill("  Ada Lovelace ");
    await form.getByLabel("Phone").fill("(415) 555-2671");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("How can we help?").selectOption("quote");
    await form.getByLabel("Notes").fill("Two locations, about 40 calls a day");

    const response = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
    await form.getByRole("button", { name: "Send Message" }).click();
    const { id } = (await (await response).json()) as { id: string };

    await expect(page.getByRole("heading", { name: "Success!" })).toBeVisible();
    await expect(page.getByText("Thank you for reaching out. Our team will contact you within 24 hours.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toContainText("We've received your information and will contact you shortly.");

    await page.waitForURL(`**/thank-you?lead=${id}`);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText(`Reference ID: ${id.slice(0, 8)}`)).toBeVisible();

    const row = await queryOne<LeadRow>("select * from leads where id = ?", id);
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      phone: "(415) 555-2671",
      email,
      intent: "quote",
      notes: "Two locations, about 40 calls a day",
      source_page: "/contact",
    });
  });

  test("disables the form and reads Submitting... while the lead is sent", async ({ page }) => {
    await page.route("**/api/leads", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const form = await filledContactForm(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(form.getByLabel("Name")).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Success!" })).toBeVisible();
  });

  test("a failed submission shows the failure toast and keeps every field filled", async ({ page }) => {
    const form = await filledContactForm(page, { offline: true });
    await form.getByLabel("Notes").fill("Call me after 5");
    await form.getByRole("button", { name: "Send Message" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Submission failed" });
    await expect(alert).toContainText("Please try again later");
    await expect(form.getByLabel("Name")).toHaveValue("Grace Hopper");
    await expect(form.getByLabel("Notes")).toHaveValue("Call me after 5");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("Book Your Appointment on the home page holds the same form and closes on success", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Book Your Appointment" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Your Appointment" });
    await expect(dialog).toBeVisible();
    const name = `Booker ${Date.now()}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Phone").fill("+1 415 555 2671");
    await dialog.getByLabel("Preferred date and time").fill("2026-12-01T09:30");
    await dialog.getByRole("button", { name: "Book Appointment" }).click();
    await expect(dialog.getByRole("heading", { name: "Success!" })).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/$/);

    const row = await queryOne<LeadRow & { desired_date_time: string }>("select * from leads where name = ?", name);
    expect(row).toMatchObject({ intent: "book_appointment", source_page: "/", desired_date_time: "2026-12-01T09:30" });
  });
});
