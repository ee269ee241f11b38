import { type AgentResource, TURN_TAKING_COPY as C, TURN_TAKING_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { e2eEmail, signUpNewBusiness } from "../support/accounts";

test("the wizard's Voice step sets how the agent takes turns and its model, refuses a bad minimum where it is typed, and Review and the API show the choice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpNewBusiness(page, { email: e2eEmail("turns"), company: "Quiet Hands Massage" });
  await page.goto("/dashboard/agents");
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await wizard.getByLabel("Agent name").fill("Mara");
  await wizard.getByRole("button", { name: /Voice/ }).click();

  // Server VAD's pause by default; semantic VAD swaps it for an eagerness.
  await expect(wizard.getByLabel(C.turnDetection)).toHaveValue("server_vad");
  await expect(wizard.getByLabel(C.silence)).toHaveValue("500");
  await expect(wizard.getByLabel(C.noiseReduction)).toHaveValue("far_field");
  await wizard.getByLabel(C.turnDetection).selectOption("semantic_vad");
  await expect(wizard.getByLabel(C.silence)).toHaveCount(0);
  await wizard.getByLabel(C.eagerness).selectOption("low");
  await wizard.getByLabel(C.noiseReduction).selectOption("near_field");
  // The deployment's models, its default first.
  const models = wizard.getByLabel(C.model);
  await expect(models.locator("option").first()).toHaveText(C.deploymentModel("gpt-realtime"));
  await models.selectOption("gpt-realtime-mini");

  // A minimum under the bounds is refused under its field, with the focus on it.
  await wizard.getByLabel(C.interruption).fill("20");
  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(wizard.getByText(TURN_TAKING_MESSAGES.interruption)).toBeVisible();
  await expect(wizard.getByLabel(C.interruption)).toBeFocused();
  await wizard.getByLabel(C.interruption).fill("450");

  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(wizard.getByRole("heading", { name: "Step 8 of 8: Review" })).toBeVisible();
  await expect(wizard.getByText("When the caller sounds done (eagerness low) · near-field noise reduction")).toBeVisible();
  await expect(wizard.getByRole("definition").filter({ hasText: /^Lighter$/ })).toBeVisible();
  await wizard.getByRole("button", { name: "Save Agent" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Agent Created" })).toBeVisible();

  const { agents } = (await (await page.request.get("/api/agents")).json()) as { agents: AgentResource[] };
  expect(agents.find((agent) => agent.name === "Mara")).toMatchObject({
    turn_detection: "semantic_vad",
    eagerness: "low",
    silence_duration_ms: 500,
    noise_reduction: "near_field",
    interruption_min_ms: 450,
    realtime_model: "gpt-realtime-mini",
  });

  // Editing again opens on the saved choice, at a phone's width without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Edit Mara" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Mara" });
  await edit.getByRole("button", { name: /^4/ }).click();
  await expect(edit.getByLabel(C.eagerness)).toHaveValue("low");
  await expect(edit.getByLabel(C.model)).toHaveValue("gpt-realtime-mini");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
