/**
 * Issue 56: the keyboard in the site's dialogs (ui/Modal.tsx), on two of Settings': a question with a destructive
 * answer starts on Cancel, a form on its first field; Tab and Shift+Tab go round inside the dialog and never leave it;
 * Escape closes it, and focus is back on the button that opened it.
 */
import { type Locator, type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

/** Whether the focused element is inside `dialog`. */
const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/** Tabs `times` forwards (or backwards), checking after each press that focus stayed inside the dialog. */
async function tabRound(page: Page, dialog: Locator, times: number, key: "Tab" | "Shift+Tab") {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    expect(await focusInside(dialog), `${key} #${i + 1} kept focus inside`).toBe(true);
  }
}

test("dialogs start on the safe choice, keep Tab inside, close on Escape and give focus back", async ({ page }) => {
  test.slow();
  await signUpNewBusiness(page, { email: e2eEmail("dialog-focus"), company: "Focus Dental" });
  await page.goto("/dashboard/settings");

  // A destructive question: focus starts on Cancel, not on the ×; its three controls go round both ways.
  const rotate = page.getByRole("region", { name: "Calendar feed", exact: true }).getByRole("button", { name: "Rotate link" });
  await rotate.click();
  const question = page.getByRole("dialog", { name: "Rotate the calendar link?" });
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await tabRound(page, question, 4, "Tab");
  await tabRound(page, question, 4, "Shift+Tab");
  // From Cancel: forward to Rotate, round to the ×, back to Cancel.
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Rotate" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(question.getByRole("button", { name: "Rotate" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(rotate).toBeFocused();

  // A form: focus starts on its first field, Tab goes round its controls, Escape gives focus back to Invite Member.
  const inviteButton = page.getByRole("button", { name: "Invite Member" });
  await inviteButton.click();
  const invite = page.getByRole("dialog", { name: "Invite a team member" });
  await expect(invite.getByLabel("Email")).toBeFocused();
  await tabRound(page, invite, 8, "Tab");
  await tabRound(page, invite, 8, "Shift+Tab");
  await page.keyboard.press("Escape");
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();
});
