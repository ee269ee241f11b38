import { AGENT_SAVED_MESSAGES, ESCALATION_MESSAGES, TRANSFER_LINE_MESSAGES } from "@nikki/core";
import { DISCARD_QUESTION } from "../../site/src/lib/discard-words";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

/** A service added in the wizard's Services step, as an owner types it. */
async function addService(page: Page, wizard: Locator, name: string, minutes: string) {
  await wizard.getByRole("button", { name: "Add service" }).click();
  const editor = wizard.getByRole("group", { name: "New service" });
  await editor.getByLabel("Service name").fill(name);
  await editor.getByLabel("Duration").fill(minutes);
  await editor.getByRole("button", { name: "Save service" }).click();
  await expect(toast(page, "Service Added").filter({ hasText: name })).toBeVisible();
}

test("the agent wizard's step buttons check the step being left, hours errors name the day, the first transfer number turns the tool on, and Review shows hours, services and transfers", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("wizard"), company: "Bright Smile Dental" });
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  const heading = (step: string) => wizard.getByRole("heading", { name: step });

  // Profile, then straight to Hours & Escalation by its button: the steps between are fine as they are.
  await wizard.getByLabel("Agent name").fill("Sofia");
  await wizard.getByRole("button", { name: /Hours & Escalation/ }).click();
  await expect(heading("Step 5 of 8: Hours & Escalation")).toBeVisible();
  await wizard.getByLabel("Time zone", { exact: true }).selectOption("America/Chicago");
  // The opening times read as every other field does on the dark theme, not as the browser's own grey box.
  const look = (field: Locator) =>
    field.evaluate((element) => ["color", "backgroundColor", "borderColor"].map((key) => getComputedStyle(element)[key as "color"]));
  expect(await look(wizard.getByLabel("Monday opens"))).toEqual(await look(wizard.getByLabel("Time zone", { exact: true })));

  // Friday closing before it opens is named by its day, and Review cannot be reached past it.
  await wizard.getByLabel("Friday closes").fill("08:00");
  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(heading("Step 5 of 8: Hours & Escalation")).toBeVisible();
  await expect(wizard.getByText("Friday closes before it opens.")).toBeVisible();
  // The focus goes to Friday's times, both marked wrong.
  await expect(wizard.getByLabel("Friday opens")).toBeFocused();
  await expect(wizard.getByLabel("Friday closes")).toHaveAttribute("aria-invalid", "true");
  await expect(wizard.getByLabel("Thursday closes")).not.toHaveAttribute("aria-invalid", "true");
  await wizard.getByLabel("Friday closes").fill("17:00");

  // The first transfer number typed while "Transfer to a person" is off turns it on, and the wizard says so.
  await wizard.getByLabel("Transfer number 1").fill("(720) 555-0100");
  await expect(wizard.getByRole("status").filter({ hasText: ESCALATION_MESSAGES.turnedOn })).toBeVisible();
  await expect(wizard.getByRole("note").filter({ hasText: ESCALATION_MESSAGES.toolOff })).toHaveCount(0);

  // The dental practice's services.
  await wizard.getByRole("button", { name: /Services/ }).click();
  await expect(heading("Step 6 of 8: Services")).toBeVisible();
  await expect(wizard.getByText("Friday closes before it opens.")).toHaveCount(0);
  await addService(page, wizard, "Cleaning", "60");
  await addService(page, wizard, "Checkup", "30");

  // Review: the hours a day a line in the agent's zone, the services, the transfer numbers.
  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(heading("Step 8 of 8: Review")).toBeVisible();
  const hours = wizard.getByRole("list", { name: "Opening hours" });
  await expect(hours.getByRole("listitem")).toHaveText([
    "Monday 9:00 AM–5:00 PM",
    "Tuesday 9:00 AM–5:00 PM",
    "Wednesday 9:00 AM–5:00 PM",
    "Thursday 9:00 AM–5:00 PM",
    "Friday 9:00 AM–5:00 PM",
    "Saturday Closed",
    "Sunday Closed",
  ]);
  await expect(wizard.getByText("Times in Central Time")).toBeVisible();
  const services = wizard.getByRole("list", { name: "Services" });
  await expect(services.getByRole("listitem").filter({ hasText: "Cleaning" })).toHaveText("Cleaning (60 min)");
  await expect(services.getByRole("listitem").filter({ hasText: "Checkup" })).toHaveText("Checkup (30 min)");
  await expect(wizard.getByRole("list", { name: "Transfer numbers" }).getByRole("listitem")).toHaveText(["+17205550100"]);
  await expect(wizard.getByRole("note")).toHaveCount(0);

  // The transfer tool turned off again: Review warns beside the numbers, and turns it back on.
  await wizard.getByRole("button", { name: /Profile/ }).click();
  await wizard.getByLabel("Transfer to a person").uncheck();
  await wizard.getByRole("button", { name: /Review/ }).click();
  const reviewWarning = wizard.getByRole("note").filter({ hasText: ESCALATION_MESSAGES.toolOff });
  await expect(reviewWarning).toBeVisible();
  await reviewWarning.getByRole("button", { name: ESCALATION_MESSAGES.turnOn }).click();
  await expect(reviewWarning).toHaveCount(0);
  await expect(wizard.getByRole("definition").filter({ hasText: "Transfer to a person" })).toBeVisible();

  // At a phone's width Review fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hours).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await wizard.getByRole("button", { name: "Save Agent" }).click();
  // No number yet: the toast says what is next, with the way there; the card names the voice as the wizard does.
  const created = toast(page, "Agent Created");
  await expect(created).toContainText(AGENT_SAVED_MESSAGES.needsNumber("Sofia"));
  await expect(created.getByRole("link", { name: AGENT_SAVED_MESSAGES.numbersLink })).toHaveAttribute("href", "/dashboard/numbers");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sofia" }) });
  await expect(card.getByText(/ · voice /)).toHaveText(/ · voice [A-Z][a-z]+$/);

  // Sofia's transfer number for sale in Denver: buying it and assigning it to her are warned about (a transfer would
  // ring the same line), and once it is hers, her wizard warns and her save is refused under the transfer numbers.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/numbers");
  await page.getByRole("button", { name: "Add Number" }).first().click();
  const add = page.getByRole("dialog", { name: "Add Number" });
  await add.getByLabel("Area code").fill("720");
  await add.getByLabel("Digits it contains").fill("5550100");
  await add.getByRole("button", { name: "Search" }).click();
  // The number for sale, its Buy button and then its card all write it one way (core's displayPhone).
  await expect(add.getByRole("radio", { name: "+1 720-555-0100 · Denver, CO" })).toBeVisible();
  await expect(add.getByRole("note").filter({ hasText: TRANSFER_LINE_MESSAGES.buy("+1 720-555-0100", ["Sofia"]) })).toBeVisible();
  await add.getByRole("button", { name: "Buy +1 720-555-0100" }).click();
  await expect(toast(page, "Number Added")).toBeVisible();
  await expect(page.getByRole("heading", { name: "+1 720-555-0100" })).toBeVisible();
  await page.getByRole("button", { name: "Assign +1 720-555-0100" }).click();
  const assign = page.getByRole("dialog", { name: "Assign Number" });
  await expect(assign.getByRole("note")).toHaveCount(0);
  await assign.getByLabel("Agent").selectOption({ label: "Sofia" });
  await expect(assign.getByRole("note")).toHaveText(TRANSFER_LINE_MESSAGES.assign("+1 720-555-0100", "Sofia"));
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(toast(page, "Number Assigned")).toBeVisible();
  // Assigned: its button now changes the agent.
  await expect(page.getByRole("button", { name: "Change agent +1 720-555-0100" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Assign +1 720-555-0100" })).toHaveCount(0);
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Edit Sofia" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Sofia" });
  await edit.getByRole("button", { name: /Review/ }).click();
  await expect(edit.getByRole("note").filter({ hasText: TRANSFER_LINE_MESSAGES.ownLine })).toBeVisible();
  await edit.getByRole("button", { name: "Save Agent" }).click();
  await expect(edit.getByRole("heading", { name: "Step 5 of 8: Hours & Escalation" })).toBeVisible();
  await expect(edit.locator(".field-error").filter({ hasText: TRANSFER_LINE_MESSAGES.ownLine })).toBeVisible();
});

test("a form dialog with edits asks before Escape, × or Cancel drop them; an untouched one just closes", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpNewBusiness(page, { email: e2eEmail("discard"), company: "Bright Smile Dental" });
  await page.goto("/dashboard/agents");
  const create = page.getByRole("button", { name: "Create Agent" }).first();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  const question = page.getByRole("alertdialog", { name: DISCARD_QUESTION.title });

  // Nothing changed: Escape closes at once.
  await create.click();
  await expect(wizard).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(wizard).toBeHidden();
  await expect(question).toBeHidden();

  // A name typed: Escape asks, Keep editing is focused, and a second Escape keeps the edits and the place.
  await create.click();
  await wizard.getByLabel("Agent name").fill("Sofia");
  await page.keyboard.press("Escape");
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: DISCARD_QUESTION.keep })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(wizard.getByLabel("Agent name")).toHaveValue("Sofia");
  await expect(wizard.getByLabel("Agent name")).toBeFocused();

  // × asks too; Discard closes, and the next opening starts blank.
  await wizard.getByRole("button", { name: "Close" }).click();
  await question.getByRole("button", { name: DISCARD_QUESTION.discard }).click();
  await expect(wizard).toBeHidden();
  await create.click();
  await expect(wizard.getByLabel("Agent name")).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(wizard).toBeHidden();

  // Another form dialog on the same Modal: the knowledge entry's Cancel asks once something is typed.
  await page.goto("/dashboard/knowledge");
  await page.getByRole("button", { name: "Add entry" }).first().click();
  const entry = page.getByRole("dialog", { name: "Add knowledge" });
  await entry.getByRole("textbox", { name: "Question" }).fill("Do you see children?");
  await entry.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: DISCARD_QUESTION.discard }).click();
  await expect(entry).toBeHidden();
});
