import { QUESTION_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { createBusiness, e2eEmail, joinAsViewer } from "../support/accounts";
import { execute, insertFinishedCall, queryOne } from "../support/db";

/**
 * Issue 39 §4: "Questions to answer" on the Knowledge page. A business of its own, with questions its callers asked
 * (as the post-call analysis stores them): one click saves the suggested answer, an answer of the owner's own is saved
 * from the keyboard, and the empty list says what to do next. At 1280 and 390 px.
 */
async function businessWithQuestions(page: import("@playwright/test").Page) {
  const email = e2eEmail("questions");
  await createBusiness(page, { email, company: "Question Plumbing" });
  const { organization_id: organizationId } = (await queryOne<{ organization_id: string }>(
    "select m.organization_id from members m join users u on u.id = m.user_id where u.email = ?",
    email,
  ))!;
  // The API's parameters are text: a question with no suggestion leaves its column out (null).
  const question = (id: string, text: string, normalized: string, count: number, suggested: string | null) =>
    execute(
      `insert into knowledge_questions (id, organization_id, text, normalized, count, call_ids${suggested === null ? "" : ", suggested_answer"}) values (?, ?, ?, ?, ?, ?${suggested === null ? "" : ", ?"})`,
      id,
      organizationId,
      text,
      normalized,
      count,
      JSON.stringify(Array.from({ length: count }, (_, i) => `call-${id}-${i}`)),
      ...(suggested === null ? [] : [suggested]),
    );
  await question(`qp-${organizationId}`, "Do you have parking for customers?", "parking customers", 3, "Customers park free in the lot behind the shop.");
  await question(`qs-${organizationId}`, "Do you work on Sundays?", "work sundays", 1, null);
  return organizationId;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the owner answers callers' questions at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const organizationId = await businessWithQuestions(page);
    await page.goto("/dashboard/knowledge");
    const inbox = page.getByRole("region", { name: "Questions to answer" });
    const cards = inbox.getByRole("listitem");
    await expect(cards).toHaveCount(2);
    // Most asked first, with its count, its calls and the draft.
    const parking = cards.filter({ has: page.getByRole("heading", { name: "Do you have parking for customers?" }) });
    await expect(cards.first()).toContainText("Do you have parking for customers?");
    await expect(parking).toContainText("Asked 3 times");
    await expect(parking.getByRole("link", { name: "Call 1" })).toHaveAttribute("href", `/dashboard/calls?call=call-qp-${organizationId}-0`);
    await expect(parking).toContainText("Customers park free in the lot behind the shop.");
    const sundays = cards.filter({ has: page.getByRole("heading", { name: "Do you work on Sundays?" }) });
    await expect(sundays).toContainText("No suggested answer: your knowledge does not say.");
    await expect(sundays.getByRole("button", { name: "Use suggested answer" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // One click: the draft becomes the answer, a knowledge entry for every agent.
    await parking.getByRole("button", { name: "Use suggested answer" }).click();
    await expect(page.getByText("Answer saved", { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(1);
    // The entries list beside the inbox shows the new answer at once, without a reload.
    await expect(page.getByRole("region", { name: "What your agents know" }).getByText("Do you have parking for customers?").first()).toBeVisible();
    expect(
      await queryOne(
        "select kind, source, question, answer, agent_ids from knowledge_entries where organization_id = ? and source = 'question'",
        organizationId,
      ),
    ).toEqual({
      kind: "qa",
      source: "question",
      question: "Do you have parking for customers?",
      answer: "Customers park free in the lot behind the shop.",
      agent_ids: "[]",
    });

    // An empty answer is refused under the field, the focus taken there; the owner's own is saved with Ctrl+Enter.
    const answer = sundays.getByLabel("Your answer");
    await sundays.getByRole("button", { name: "Save answer" }).click();
    await expect(sundays.getByText("Write the answer your agent should give.")).toBeVisible();
    await expect(answer).toBeFocused();
    await expect(answer).toHaveAttribute("aria-invalid", "true");
    await expect(answer).toHaveAccessibleDescription(/Write the answer your agent should give\./);
    await answer.fill("No, we are closed on Sundays.");
    await page.keyboard.press("Control+Enter");
    await expect(cards).toHaveCount(0);
    // The two answers are entries now: the empty inbox says all is covered, not "add an entry".
    await expect(inbox.getByText(QUESTION_MESSAGES.emptyCovered)).toBeVisible();
    await expect(inbox.getByText(QUESTION_MESSAGES.emptyNext)).toHaveCount(0);
    await expect(inbox.getByRole("link", { name: "Open Test Suite" })).toBeVisible();
    expect(await queryOne<{ status: string }>("select status from knowledge_questions where id = ?", `qs-${organizationId}`)).toEqual({ status: "answered" });
  });
}

test("a call shows the questions its agent could not answer, with the way to answer them on Knowledge", async ({ page, browser }) => {
  const organizationId = await businessWithQuestions(page);
  const callId = `call-qp-${organizationId}-0`;
  await insertFinishedCall(organizationId, callId, 64, {
    summary: "The caller asked about parking and Sunday hours.",
    unanswered_questions: JSON.stringify(["Do you have parking for customers?", "Do you work on Sundays?"]),
  });
  await page.goto(`/dashboard/calls?call=${callId}`);
  const detail = page.getByRole("dialog");
  await expect(detail.getByRole("heading", { name: "Questions the agent could not answer" })).toBeVisible();
  await expect(detail.locator(".call-questions li")).toHaveText(["Do you have parking for customers?", "Do you work on Sundays?"]);
  await detail.getByRole("link", { name: "Answer them on the Knowledge page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/knowledge$/);
  await expect(page.getByRole("region", { name: "Questions to answer" }).getByRole("heading", { name: "Do you work on Sundays?" })).toBeVisible();

  // A viewer reads the questions, without the way to answer them.
  const { viewer, context } = await joinAsViewer(page, browser);
  await viewer.goto(`/dashboard/calls?call=${callId}`);
  await expect(viewer.getByRole("dialog").locator(".call-questions li")).toHaveCount(2);
  await expect(viewer.getByRole("link", { name: "Answer them on the Knowledge page" })).toHaveCount(0);
  // On the Knowledge page the viewer is not told to write the answer: they cannot.
  await viewer.goto("/dashboard/knowledge");
  const sundays = viewer.getByRole("listitem").filter({ has: viewer.getByRole("heading", { name: "Do you work on Sundays?" }) });
  await expect(sundays).toContainText(QUESTION_MESSAGES.noSuggestionReader);
  await expect(sundays).not.toContainText("Write the answer yourself");
  await context.close();
});

test("a question is dismissed from the keyboard", async ({ page }) => {
  const organizationId = await businessWithQuestions(page);
  await page.goto("/dashboard/knowledge");
  const sundays = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Do you work on Sundays?" }) });
  await sundays.getByRole("button", { name: "Dismiss" }).focus();
  await page.keyboard.press("Enter");
  await expect(sundays).toHaveCount(0);
  expect(await queryOne<{ status: string }>("select status from knowledge_questions where id = ?", `qs-${organizationId}`)).toEqual({ status: "dismissed" });

  // Nothing waits and nothing is known yet: what to do here, on this page, with its own buttons.
  await page.getByRole("button", { name: "Dismiss", exact: true }).click();
  const inbox = page.getByRole("region", { name: "Questions to answer" });
  await expect(inbox.getByText(/^No unanswered questions\./)).toBeVisible();
  await expect(inbox.getByText(QUESTION_MESSAGES.emptyNext)).toBeVisible();
  await expect(inbox).not.toContainText("in Knowledge");
  await inbox.getByRole("button", { name: "Import from website" }).click();
  await expect(page.locator("#import-url")).toBeFocused();
  await inbox.getByRole("button", { name: "Add entry" }).click();
  await expect(page.getByRole("dialog", { name: "Add knowledge" })).toBeVisible();
});
