import { ESCALATION_MESSAGES, NUMBER_MESSAGES, TEST_CALL_MESSAGES } from "@nikki/core";
import { expect, test } from "@playwright/test";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { e2eEmail, signUpThroughPage } from "../support/accounts";
import { E2E_BASE_URL, HOST_ORIGIN, OPENAI_SIM_PORT } from "@nikki/dev/e2e-ports";
import { chatLauncher, simulatedCallsTo } from "../support/widgets";

const DEFAULT_GREETING = "Thanks for calling Rosa's Plumbing, this is Rosa. How can I help?";
/** The business writes its own: what callers hear is what it typed. */
const GREETING = "Rosa's Plumbing, Rosa speaking. Leak or install?";
// A new business records its calls and says so: the notice is the first sentence of the greeting, in the agent's voice.
const SPOKEN_GREETING = `This call may be recorded. ${GREETING}`;

/** What each call's bridge told the simulated OpenAI (audio left out). */
async function realtimeSessions() {
  const response = await fetch(`http://127.0.0.1:${OPENAI_SIM_PORT}/__realtime-sessions`);
  return (await response.json()) as {
    type: string;
    session?: { instructions?: string };
    response?: { instructions?: string };
    item?: { role?: string; content?: { type: string; text?: string }[] };
  }[][];
}

test("a new business creates its agent, buys and assigns a number, gets its calls answered and its widget on its own site", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughPage(page, { email: e2eEmail("setup"), company: "Rosa's Plumbing" });

  // The agent, through the wizard: a broken JSON field first, then fixed.
  await page.goto("/dashboard/agents");
  await expect(page.getByText("No agents found. Create your first agent to get started.")).toBeVisible();
  await page.getByRole("button", { name: "Create Agent" }).first().click();
  const wizard = page.getByRole("dialog", { name: "Create Agent" });
  await expect(wizard.getByRole("button", { name: "Previous" })).toBeDisabled();
  // Each step checks its fields on Next, with the field's message, and puts the focus on it.
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Agent name is required (at most 100 characters).")).toBeVisible();
  await expect(wizard.getByLabel("Agent name")).toBeFocused();
  await wizard.getByLabel("Agent name").fill("Rosa");
  await wizard.getByRole("button", { name: "Next" }).click();
  // The greeting field holds the default, in the business's and the agent's names: what callers hear first.
  await expect(wizard.getByLabel("Greeting")).toHaveValue(DEFAULT_GREETING);
  await wizard.getByLabel("Greeting").fill(GREETING);
  await expect(wizard.getByLabel("Greeting")).toHaveValue(GREETING);
  await wizard.getByLabel("Persona").fill("Warm, quick, and practical about leaks.");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Knowledge base").fill("Emergency visits within 2 hours in Austin. Water heaters installed same week.");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Coral", { exact: true }).check();
  // The voice sample says it is playing and stops.
  const sample = wizard.getByRole("button", { name: "Play a sample of coral" });
  await sample.click();
  const playing = wizard.getByRole("button", { name: "Stop a sample of coral" });
  await expect(playing).toHaveAttribute("aria-pressed", "true");
  await playing.click();
  await expect(sample).toHaveAttribute("aria-pressed", "false");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Transfer number").fill("12345");
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 5 of 8: Hours & Escalation")).toBeVisible();
  await expect(wizard.getByText(ESCALATION_MESSAGES.numbers)).toBeVisible();
  await expect(wizard.getByLabel("Transfer number")).toBeFocused();
  // Written as the business dials it (its default region, US): read as +15125550100.
  await wizard.getByLabel("Transfer number").fill("(512) 555-0100");
  await wizard.getByRole("button", { name: "Edit the hours as text" }).click();
  await wizard.getByLabel("Opening hours (JSON)").fill('{"mon": [{"open": "08:00", "close": "18:00"}');
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 5 of 8: Hours & Escalation")).toBeVisible();
  await expect(wizard.getByText(/in JSON at position/)).toBeVisible();
  await expect(wizard.getByLabel("Opening hours (JSON)")).toHaveAttribute("aria-invalid", "true");
  await expect(wizard.getByLabel("Opening hours (JSON)")).toBeFocused();
  const always = JSON.stringify({
    mon: [{ open: "00:00", close: "23:59" }],
    tue: [{ open: "00:00", close: "23:59" }],
    wed: [{ open: "00:00", close: "23:59" }],
    thu: [{ open: "00:00", close: "23:59" }],
    fri: [{ open: "00:00", close: "23:59" }],
    sat: [{ open: "00:00", close: "23:59" }],
    sun: [{ open: "00:00", close: "23:59" }],
  });
  await wizard.getByLabel("Opening hours (JSON)").fill(always);
  await wizard.getByRole("button", { name: "Next" }).click();
  await expect(wizard.getByText("Step 6 of 8: Services")).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  // CRM mapping rows offer a detail to send, under the form's own field styles.
  await wizard.getByRole("button", { name: "Add a field" }).click();
  await expect(wizard.getByLabel("Call detail 1")).toHaveValue("company");
  await expect(wizard.getByLabel("CRM field 1")).toHaveValue("company");
  await wizard.getByRole("button", { name: "Next" }).click();
  // A step's button checks the step being left as Next does: Review is not reached past a broken name.
  await wizard.getByRole("button", { name: /Profile/ }).click();
  await wizard.getByLabel("Agent name").fill("");
  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(wizard.getByText("Step 1 of 8: Profile")).toBeVisible();
  await expect(wizard.getByText("Agent name is required (at most 100 characters).")).toBeVisible();
  await expect(wizard.getByLabel("Agent name")).toBeFocused();
  await wizard.getByLabel("Agent name").fill("Rosa");
  await wizard.getByRole("button", { name: /Review/ }).click();
  await expect(wizard.getByText("+15125550100")).toBeVisible();
  await wizard.getByRole("button", { name: "Save Agent" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Agent Created" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rosa" })).toBeVisible();

  // A number: search, buy, assign.
  await page.goto("/dashboard/numbers");
  await expect(page.getByText(NUMBER_MESSAGES.empty)).toBeVisible();
  await page.getByRole("button", { name: "Add Number" }).first().click();
  const add = page.getByRole("dialog", { name: "Add Number" });
  await add.getByLabel("Area code").fill("737");
  await add.getByRole("button", { name: "Search" }).click();
  await expect(add.getByRole("note")).toHaveText(/Phone line charge: \$1\.15 a month for this number/);
  const buy = add.getByRole("button", { name: /^Buy \+1 737-/ });
  // As Numbers shows it ("+1 737-555-0100"); the phone company's calls carry it as "+17375550100".
  const number = ((await buy.textContent()) ?? "").replace("Buy ", "").trim();
  const e164 = `+${number.replace(/\D/g, "")}`;
  await buy.click();
  await expect(page.getByRole("status").filter({ hasText: "Number Added" })).toBeVisible();
  await expect(page.getByText("Unassigned")).toBeVisible();
  await page.getByRole("button", { name: `Assign ${number}` }).click();
  const assign = page.getByRole("dialog", { name: "Assign Number" });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(assign.getByText("Please select an agent to assign.")).toBeVisible();
  await assign.getByLabel("Agent").selectOption({ label: "Rosa" });
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Number Assigned" })).toBeVisible();
  await expect(page.getByText("Answered by Rosa", { exact: true })).toBeVisible();

  // Test Call rings the owner's own phone from that number, answered by Rosa.
  await page.getByRole("button", { name: `Test call ${number}` }).click();
  const testCall = page.getByRole("dialog", { name: "Test call" });
  await testCall.getByRole("button", { name: "Call Me" }).click();
  await expect(testCall.getByText(TEST_CALL_MESSAGES.phoneNeeded)).toBeVisible();
  await testCall.getByLabel("Your mobile number").fill("(415) 555-0166");
  await testCall.getByRole("button", { name: "Call Me" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Calling +14155550166 from ${e164}` })).toBeVisible();
  expect((await simulatedCallsTo("+14155550166")).at(-1)?.form).toMatchObject({ From: e164, Url: expect.stringContaining("/twilio/voice/outbound?agent=") });
  // The simulated phone picks up: Rosa greets, the callee answers and hangs up; the call ends with a real outcome.
  await expect(page.getByRole("status").filter({ hasText: "Test call ended" })).toBeVisible({ timeout: 60_000 });
  const calls = ((await (await page.request.get("/api/calls")).json()) as { calls: { id: string; to_number: string }[] }).calls;
  const testCallId = calls.find((placed) => placed.to_number === "+14155550166")!.id;
  const testCallDetail = async () =>
    (
      (await (await page.request.get(`/api/calls/${testCallId}`)).json()) as {
        call: { status: string; outcome: string; placed_for: string | null; processing_status: string; transcript: { role: string; content: string }[] };
      }
    ).call;
  await expect.poll(async () => (await testCallDetail()).processing_status, { timeout: 60_000 }).toBe("processed");
  const testCallDone = await testCallDetail();
  // A member's own test call is no customer's: it simply ended (Overview does not count it as answered).
  expect(testCallDone).toMatchObject({ status: "completed", outcome: "test_call", placed_for: "test_call" });
  expect(((await (await page.request.get("/api/overview")).json()) as { overview: { answered_calls: number } }).overview.answered_calls).toBe(0);
  expect(testCallDone.transcript[0]).toEqual(expect.objectContaining({ role: "assistant", content: SPOKEN_GREETING }));
  const checklist = (await (await page.request.get("/api/org/getting-started")).json()) as { steps: { id: string; done: boolean }[] };
  expect(checklist.steps.find((step) => step.id === "test_call")?.done).toBe(true);

  // A caller rings that number: Rosa answers, with her greeting, persona and knowledge.
  const before = (await realtimeSessions()).length;
  const call = await placeSimulatedCall({
    baseUrl: E2E_BASE_URL,
    publicBaseUrl: E2E_BASE_URL,
    authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
    accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    from: "+14155550177",
    to: e164,
    tag: 77,
  });
  expect(call.voicemail).toBe(false);
  const session = (await realtimeSessions()).slice(before).find((events) => events.some((event) => event.session?.instructions?.includes("Rosa's Plumbing")));
  expect(session).toBeDefined();
  const instructions = session!.find((event) => event.type === "session.update")!.session!.instructions!;
  expect(instructions).toContain("You are Rosa, the phone receptionist of Rosa's Plumbing");
  expect(instructions).toContain("Emergency visits within 2 hours in Austin");
  // Her greeting was rendered when the wizard saved her (issue 38 §1): it plays at pickup, and the model is told it was said.
  expect(session!.find((event) => event.type === "conversation.item.create")?.item).toEqual({
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text: SPOKEN_GREETING }],
  });
  expect(session!.some((event) => event.type === "response.create" && event.response?.instructions?.includes(SPOKEN_GREETING))).toBe(false);

  // The business's own site: the widget refuses it until its origin is allowed in Settings.
  await page.goto("/dashboard/settings");
  const tag = await page.getByLabel("Script tag to paste before </body>").inputValue();
  const key = /data-key="(pk_[a-z0-9_]+)"/.exec(tag)![1]!;
  const site = await page.context().newPage();
  const refused = site.waitForResponse((response) => response.url().includes("/api/widget/config"));
  await site.goto(`${HOST_ORIGIN}/plain.html?key=${key}`);
  expect((await refused).status()).toBe(403);
  await expect(chatLauncher(site)).toHaveCount(0);

  const widget = page.getByRole("region", { name: "Widget" });
  // A page's address pasted: kept as its site, shown as such, and saved at once (no Save pressed).
  await widget.getByLabel("Add a site").fill(`${HOST_ORIGIN}/pricing?ref=ad`);
  await widget.getByRole("button", { name: "Add", exact: true }).click();
  await expect(widget.getByText(HOST_ORIGIN, { exact: true })).toBeVisible();
  await expect(widget.getByText(`Saved as ${HOST_ORIGIN} (the site, without the page's path).`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Site added" }).first()).toBeVisible();

  await site.reload();
  await expect(chatLauncher(site)).toBeVisible();
  await chatLauncher(site).click();
  await expect(
    site
      .locator("nikki-chat")
      .getByText(/Rosa's Plumbing|Rosa/)
      .first(),
  ).toBeVisible();
});
