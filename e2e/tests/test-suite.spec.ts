import { expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";
import { execute, queryOne } from "../support/db";

test("the Test Suite runs its nine scenarios through the real pipeline, green, with each step as it happens, and a stated expectation not met fails with its reason", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const email = e2eEmail("suite");
  await signUpNewBusiness(page, { email, company: "Suite Plumbing" });

  // No number yet: the spec's message, and the way to Numbers.
  await page.getByRole("link", { name: /^Test Suite/ }).click();
  await expect(page.getByText("No phone numbers configured. Please add a phone number in Settings > Numbers.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Numbers" })).toBeVisible();

  // An agent and a number (their pages are the setup test's subject).
  const bought = await page.evaluate(async () => {
    const post = (path: string, body: unknown, method = "POST"): Promise<any> =>
      fetch(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
    const { agent } = await post("/api/agents", { name: "Rosa", knowledge_base: "We unblock drains and fix leaks. Drain cleaning is $149." });
    const { available } = await post("/api/numbers/search", {});
    const { number } = await post("/api/numbers", { phone_number: available[0].phone_number });
    await post(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
    return number.phone_number as string;
  });
  await page.reload();
  await expect(page.getByText(`Calls ring ${bought}, answered by Rosa.`)).toBeVisible();

  // The knowledge scenario asks about the first price in Rosa's knowledge base, and expects her to say it.
  const knowledge = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Answers from the knowledge base" }) });
  await expect(knowledge.getByText("“How much is the drain cleaning?”")).toBeVisible();
  await expect(knowledge.getByText("Expected: Rosa says “$149”")).toBeVisible();

  // The website scenario has nothing to ask about until the website is imported: it says where to do that.
  const website = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Answers from the website" }) });
  await expect(website.getByText("Import your website on the Knowledge page so this scenario can ask about it.")).toBeVisible();
  await expect(website.getByRole("link", { name: "Open Knowledge" })).toHaveAttribute("href", "/dashboard/knowledge");
  await expect(website.getByRole("button", { name: "Run Answers from the website" })).toBeDisabled();
  // A page imported from the website (stored as an import stores it; the import itself is knowledge-import's subject).
  const { organization_id: organizationId } = (await queryOne<{ organization_id: string }>(
    "select m.organization_id from members m join users u on u.id = m.user_id where u.email = ?",
    email,
  ))!;
  await execute(
    "insert into knowledge_entries (id, organization_id, kind, title, body, source, source_url) values (?, ?, 'section', 'Prices', ?, 'website', ?)",
    `ke-suite-${organizationId}`,
    organizationId,
    "Water heater flush: $89.",
    "https://suite-plumbing.example/prices",
  );
  await page.reload();
  await expect(website.getByText("“How much is the water heater flush?”")).toBeVisible();
  await expect(website.getByText("Expected: Rosa says “$89”")).toBeVisible();

  // The custom scenario cannot run until the business writes its caller's lines and states what must be true.
  const custom = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Your own script" }) });
  await expect(custom.getByRole("button", { name: "Run Your own script" })).toBeDisabled();
  await custom.getByLabel("What the caller says, one line per turn").fill("How much is drain cleaning?");
  await custom.getByLabel("What must be true after the call").selectOption({ label: "The agent says…" });
  await custom.getByRole("button", { name: "Save script" }).click();
  await expect(custom.getByText("Write what the agent must say: a phrase or a number, up to 100 characters.")).toBeVisible();
  await expect(custom.getByLabel(/^What the agent must say/)).toHaveAttribute("aria-invalid", "true");
  await custom.getByLabel(/^What the agent must say/).fill("$149");
  await custom.getByRole("button", { name: "Save script" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your script is ready to run." })).toBeVisible();
  await expect(custom.getByText("Expected: Rosa says “$149”")).toBeVisible();
  await expect(custom.getByRole("button", { name: "Run Your own script" })).toBeEnabled();

  await page.getByRole("button", { name: "Run all scenarios" }).click();
  // Steps show as they happen: the first scenario's call is ringing while the button says what is running.
  await expect(page.getByRole("button", { name: "Running New lead…" })).toBeVisible();
  const steps = page.getByRole("region", { name: "New lead: steps" });
  await expect(steps.getByText("Ring your number")).toBeVisible();
  await expect(steps.getByText(/^Caller: “Hi, this is Maria Garcia/)).toBeVisible({ timeout: 30_000 });

  await expect(page.getByRole("button", { name: "Run all scenarios" })).toBeEnabled({ timeout: 230_000 });
  for (const title of [
    "New lead",
    "Appointment booking",
    "Spanish caller",
    "After-hours caller",
    "Caller coughs mid-answer",
    "Answers from the knowledge base",
    "Answers from the website",
    "Your own script",
  ]) {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText("Passed", { exact: true }), `${title} passed`).toBeVisible();
  }
  // The last run's steps: what the CRM step says without a CRM, and its verdict.
  const last = page.getByRole("region", { name: "Your own script: steps" });
  await expect(last.getByText("No CRM configured (expected)")).toBeVisible();
  await expect(last.getByText("Rosa said “$149”.")).toBeVisible();

  // A stated expectation the call does not meet fails, and says why.
  await custom.getByLabel(/^What the agent must say/).fill("$99");
  await custom.getByRole("button", { name: "Save script" }).click();
  await expect(custom.getByText("Expected: Rosa says “$99”")).toBeVisible();
  await custom.getByRole("button", { name: "Run Your own script" }).click();
  await expect(custom.getByText("Failed", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(
    last.getByText("Test Failed: Rosa did not say “$99”. Rosa said: “Drain cleaning is $149. Can I take your name and number, so the team can follow up?”"),
  ).toBeVisible();

  // An earlier run, opened from the list: what the after-hours call would have sent, recorded instead.
  await page.getByRole("button", { name: /^Show the After-hours caller run of / }).click();
  const night = page.getByRole("region", { name: "After-hours caller: steps" });
  await expect(night.getByText("Message taken: Tom Baker, +14155550126.")).toBeVisible();
  await expect(night.getByText(/^Would e-mail the owner: Urgent call\.$/)).toBeVisible();

  // Test calls are in Calls, marked as tests, and not in Overview's figures.
  await night.getByRole("link", { name: "Open this run's call in Calls" }).click();
  await expect(page.getByRole("dialog", { name: /^Call from \+15005550006/ })).toBeVisible();
});
