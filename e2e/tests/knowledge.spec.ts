import { expect, test } from "@playwright/test";
import { e2eEmail, joinAsViewer, signUpNewBusiness } from "../support/accounts";

test("Knowledge: the agent's knowledge base as a typed section, add, search, switch off, edit and delete entries, the count of the plan's limit; a viewer reads", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("knowledge"), company: "Knowledge Dental" });
  await page.evaluate(async () => {
    const response = await fetch("/api/agents", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Rosa", knowledge_base: "A cleaning is $90. We are open Monday to Friday." }),
    });
    if (!response.ok) throw new Error(`agent: ${response.status}`);
  });

  await page.getByRole("link", { name: "Knowledge", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/knowledge$/);
  const table = page.getByRole("table", { name: "Knowledge entries" });
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  // Rosa's knowledge base is one typed section, used by her only.
  await expect(row("Knowledge base: Rosa")).toContainText("A cleaning is $90.");
  await expect(row("Knowledge base: Rosa")).toContainText("Typed");
  await expect(row("Knowledge base: Rosa").getByRole("cell", { name: "Rosa", exact: true })).toBeVisible();
  // How much of the plan's knowledge is used (the trial has Growth's).
  await expect(page.getByText("1 of 200 entries")).toBeVisible();

  // The website import sits below every entry: the button at the top takes the owner to its address field.
  await page.getByRole("button", { name: "Import from website" }).click();
  await expect(page.getByLabel("Your website's address")).toBeFocused();
  await expect(page.getByLabel("Your website's address")).toBeInViewport();

  // Add a question and answer for some agents, from the keyboard; a missing answer is said under its field first.
  await page.getByRole("button", { name: "Add entry" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add knowledge" });
  await dialog.getByRole("textbox", { name: "Question", exact: true }).fill("Do you have parking?");
  await dialog.getByRole("button", { name: "Add entry" }).click();
  await expect(dialog.getByText("Write the answer (1 to 5,000 characters).")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes, free parking behind the building.");
  await dialog.getByLabel("Only some agents").check();
  await dialog.getByRole("checkbox", { name: "Rosa", exact: true }).check();
  await dialog.getByRole("textbox", { name: "Answer", exact: true }).press("Tab");
  await dialog.getByRole("button", { name: "Add entry" }).click();
  await expect(dialog).toBeHidden();
  await expect(row("Do you have parking?")).toContainText("Yes, free parking behind the building.");

  // A section for every agent.
  await page.getByRole("button", { name: "Add entry" }).click();
  await dialog.getByLabel(/^Section/).check();
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("Insurance");
  await dialog.getByRole("textbox", { name: "Text", exact: true }).fill("We accept Delta and Aetna dental plans.");
  await dialog.getByRole("button", { name: "Add entry" }).click();
  await expect(row("Insurance")).toContainText("Every agent");
  await expect(page.getByText("3 of 200 entries")).toBeVisible();

  // Search finds words in any field; a search that finds nothing says so and clears.
  await page.getByLabel("Search").fill("aetna");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(row("Insurance")).toBeVisible();
  await page.getByLabel("Search").fill("helicopter");
  await expect(page.getByText("No entries match. Try other words or another source.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.getByLabel("Source").selectOption({ label: "Website" });
  await expect(page.getByText("No entries match. Try other words or another source.")).toBeVisible();
  await page.getByLabel("Source").selectOption({ label: "Typed" });
  await expect(table.getByRole("row")).toHaveCount(4);

  // Switch an entry off: it stays off after a reload.
  await page.getByRole("switch", { name: 'Use "Do you have parking?"' }).click();
  await expect(page.getByRole("switch", { name: 'Use "Do you have parking?"' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: 'Use "Do you have parking?"' })).not.toBeChecked();

  // Edit in the dialog.
  await page.getByRole("button", { name: 'Edit "Do you have parking?"' }).click();
  const edit = page.getByRole("dialog", { name: "Edit entry" });
  await edit.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes, two free spaces in front.");
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(edit).toBeHidden();
  await expect(row("Do you have parking?")).toContainText("Yes, two free spaces in front.");

  // Editing Rosa's knowledge base here is what the agent's page shows.
  await page.getByRole("button", { name: 'Edit "Knowledge base: Rosa"' }).click();
  await edit.getByRole("textbox", { name: "Text", exact: true }).fill("A cleaning is $95.");
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(edit).toBeHidden();
  const agents = await page.evaluate(async () => (await (await fetch("/api/agents")).json()) as { agents: { knowledge_base: string }[] });
  expect(agents.agents.map((agent) => agent.knowledge_base)).toEqual(["A cleaning is $95."]);

  // Delete, asked first.
  await page.getByRole("button", { name: 'Delete "Insurance"' }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this entry?" });
  await expect(confirm).toContainText('Your agents will no longer know "Insurance".');
  await confirm.getByRole("button", { name: "Delete entry" }).click();
  await expect(row("Insurance")).toHaveCount(0);
  await expect(page.getByText("2 of 200 entries")).toBeVisible();

  // A viewer reads, searches, and changes nothing.
  const { viewer, context } = await joinAsViewer(page, browser);
  await viewer.goto("/dashboard/knowledge");
  await expect(viewer.getByRole("table", { name: "Knowledge entries" }).getByRole("row").filter({ hasText: "Do you have parking?" })).toContainText("Off");
  await expect(viewer.getByText("You can read them; an owner or admin changes them.")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Add entry" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Import from website" })).toHaveCount(0);
  await expect(viewer.getByRole("switch")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await context.close();
});
