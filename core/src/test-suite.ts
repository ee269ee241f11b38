import * as z from "zod/mini";

/** The Test Suite (spec 001 §9): a simulated call end to end through the real pipeline, one scenario at a time. */
export const TEST_SCENARIO_IDS = ["lead", "appointment", "spanish", "after_hours", "slow_tool", "cough", "knowledge", "website", "custom"] as const;
export type TestScenarioId = (typeof TEST_SCENARIO_IDS)[number];

/** What a business may state must be true after its own script's call, checked from what the call stored. */
export const TEST_EXPECTATIONS = ["says", "lead", "appointment", "transfer", "spanish"] as const;
export type TestExpectation = (typeof TEST_EXPECTATIONS)[number];
/**
 * What a verdict checks: an expectation, or a built-in scenario's own: the call was taken as after hours, the call is
 * stored in the caller's language (`phrase`: its code), the texts to the caller are in it; the agent filled a slow
 * tool's wait (a filler line before the tool's answer); the caller heard the answer whole (a cough over it cut nothing).
 */
export type TestCheckKind = TestExpectation | "after_hours" | "caller_language" | "texts_language" | "filler" | "heard_whole";

/** One thing a scenario states must be true; `phrase` is what the agent must say, for "says". */
export interface TestCheck {
  expect: TestCheckKind;
  phrase: string | null;
}

export const TEST_EXPECTATION_LABELS: Record<TestCheckKind, string> = {
  says: "The agent says…",
  lead: "A lead is saved",
  appointment: "A booking is made",
  transfer: "The caller is transferred",
  spanish: "The call is in Spanish",
  after_hours: "The call is taken as after hours",
  caller_language: "The call is stored in the caller's language",
  texts_language: "The texts to the caller are in their language",
  filler: "The caller hears the agent is checking before the answer",
  heard_whole: "The caller hears the answer whole",
};

/** A check as the page shows it under "Expected": the agent by its name, its own words quoted. */
export function describeCheck(check: TestCheck, agentName: string): string {
  if (check.expect === "says") return check.phrase ? `${agentName} says “${check.phrase}”` : `${agentName} says the answer`;
  if (check.expect === "filler") return `The caller hears ${agentName} is checking before the answer`;
  return TEST_EXPECTATION_LABELS[check.expect];
}

export interface TestScenario {
  id: TestScenarioId;
  title: string;
  description: string;
  /** What the synthetic caller says, one line per turn (the custom scenario's are the business's; the knowledge one's come from the agent's knowledge). */
  lines: string[];
  /** The outcome it proves (the custom scenario's is the business's own). */
  expect: TestExpectation;
  /** Everything its verdict checks, in order; the first not met fails it with its reason. */
  checks: TestCheck[];
  /** Why it cannot run yet and what to do (a knowledge scenario with nothing to ask about); null or absent: it can. */
  blocker?: string | null;
}

/** How late every tool of a slow_tool run answers (the control plane holds its answer), as a slow booking system would. */
export const SLOW_TOOL_SCENARIO_MS = 3_000;
/** How far into the agent's answer the cough scenario's caller coughs: early, so it is over the answer however short. */
export const COUGH_SCENARIO_AFTER_MS = 60;

const check = (expect: TestCheckKind, phrase: string | null = null): TestCheck => ({ expect, phrase });

/** Who the scenarios name where no agent answers the test number yet. */
const THE_AGENT = "Your agent";

/** What each scenario proves, in the owner's words, naming the agent that answers the test number ("Rita saves the lead"). */
const SCENARIO_DESCRIPTIONS: Record<TestScenarioId, (agent: string) => string> = {
  lead: (agent) => `A caller asks about your first service and leaves their name and number. ${agent} saves the lead.`,
  appointment: (agent) =>
    `A caller gives their details and asks for your first service on the next day you're open, at your opening time. ${agent} offers free times within your hours and books the one the caller picks.`,
  spanish: (agent) =>
    `A caller speaks Spanish and books your first service. ${agent} answers in Spanish and books it, the call is stored as Spanish, and the texts the caller would get are in Spanish.`,
  after_hours: (agent) => `A caller with an urgent question rings while you are closed. ${agent} takes a message for the morning.`,
  slow_tool: (agent) =>
    `A caller asks for free times while your booking system takes 3 s to answer. ${agent} tells the caller it is checking, then offers the times: no dead air.`,
  cough: (agent) =>
    `A caller asks about your first service and coughs while ${agent} answers. A cough is no interruption: ${agent} talks on, the caller hears the answer whole, and the cough gets no answer.`,
  knowledge: (agent) => `A caller asks about a price that ${agent}'s knowledge gives (your Knowledge page). ${agent} must say it.`,
  website: (agent) => `A caller asks, in their own words, about a fact that only a page imported from your website gives. ${agent} must say it.`,
  custom: () => "Write what the caller says, line by line, and what must be true after the call.",
};

export function describeScenario(id: TestScenarioId, agentName: string): string {
  return SCENARIO_DESCRIPTIONS[id](agentName);
}

/**
 * The scenarios, with no caller lines: each business's are written from its services, hours and knowledge
 * (test-scripts.ts, test-knowledge.ts) or are its own (custom).
 */
export const TEST_SCENARIOS: readonly TestScenario[] = [
  {
    id: "lead",
    title: "New lead",
    description: describeScenario("lead", THE_AGENT),
    lines: [],
    expect: "lead",
    checks: [check("lead")],
  },
  {
    id: "appointment",
    title: "Appointment booking",
    description: describeScenario("appointment", THE_AGENT),
    lines: [],
    expect: "appointment",
    checks: [check("appointment")],
  },
  {
    id: "spanish",
    title: "Spanish caller",
    description: describeScenario("spanish", THE_AGENT),
    lines: [],
    expect: "spanish",
    checks: [check("spanish"), check("caller_language", "es"), check("appointment"), check("texts_language", "es")],
  },
  {
    id: "after_hours",
    title: "After-hours caller",
    description: describeScenario("after_hours", THE_AGENT),
    lines: [],
    expect: "lead",
    checks: [check("after_hours"), check("lead")],
  },
  {
    id: "slow_tool",
    title: "Slow booking system",
    description: describeScenario("slow_tool", THE_AGENT),
    lines: [],
    expect: "says",
    checks: [check("filler")],
  },
  {
    id: "cough",
    title: "Caller coughs mid-answer",
    description: describeScenario("cough", THE_AGENT),
    lines: [],
    expect: "says",
    checks: [check("heard_whole")],
  },
  {
    id: "knowledge",
    title: "Answers from the knowledge base",
    description: describeScenario("knowledge", THE_AGENT),
    lines: [],
    expect: "says",
    checks: [check("says")],
  },
  {
    id: "website",
    title: "Answers from the website",
    description: describeScenario("website", THE_AGENT),
    lines: [],
    expect: "says",
    checks: [check("says")],
  },
  {
    id: "custom",
    title: "Your own script",
    description: describeScenario("custom", THE_AGENT),
    lines: [],
    expect: "says",
    checks: [],
  },
];

/**
 * What a run checks: a built-in scenario's own checks, or the one stated for a knowledge or the custom run (stored with
 * it, as the business's script may change later). A custom run stored before expectations ("info") checks nothing.
 */
export function checksOfRun(scenario: TestScenarioId, expect: string, phrase: string | null): TestCheck[] {
  if (scenario !== "custom" && scenario !== "knowledge" && scenario !== "website")
    return TEST_SCENARIOS.find((candidate) => candidate.id === scenario)?.checks ?? [];
  return (TEST_EXPECTATIONS as readonly string[]).includes(expect) ? [check(expect as TestExpectation, phrase)] : [];
}

/** The default time a Test Suite call may take, start to verdict (spec 001 §9). */
export const SUITE_CALL_SECONDS = 120;
export const CUSTOM_LINES = { max: 6, maxLength: 200 } as const;
export const CUSTOM_PHRASE_MAX = 100;

export const TEST_SUITE_MESSAGES = {
  notAuthenticated: "User not authenticated",
  noOrganization: "No organization found",
  noNumber: "No phone numbers configured. Please add a phone number in Settings > Numbers.",
  /** For a viewer, who cannot add one. */
  noNumberReader: "No phone numbers configured yet: an owner or admin adds one in Numbers.",
  noCustomScript: "No script written yet.",
  noCrm: "No CRM configured (expected)",
  failed: "Test Failed",
  passed: "Test Passed",
  noCustomLines: "Write at least one line for the caller before running your own script.",
  noExpectation: "Choose what must be true after the call before running your own script.",
  noKnowledgePrice:
    "Add a price on the Knowledge page (for example “A first consultation is $95.”), or import your website's prices there, so this scenario can ask about it.",
  noWebsite: "Import your website on the Knowledge page so this scenario can ask about it.",
  noWebsitePrice:
    "None of the imported pages your agent may use gives a price that the rest of its knowledge does not. Import the page with your prices on the Knowledge page.",
  lines: `Write 1 to ${CUSTOM_LINES.max} lines, each up to ${CUSTOM_LINES.maxLength} characters.`,
  expect: "Choose what must be true after the call.",
  phrase: `Write what the agent must say: a phrase or a number, up to ${CUSTOM_PHRASE_MAX} characters.`,
  scenario: `The scenario must be one of ${TEST_SCENARIO_IDS.join(", ")}.`,
  running: "A Test Suite run is already going. Wait for it to finish.",
  timedOut: `The Test Suite call did not finish within ${SUITE_CALL_SECONDS} seconds.`,
} as const;

export type TestStepStatus = "running" | "success" | "error" | "warning";

export interface TestStep {
  key: string;
  label: string;
  status: TestStepStatus;
  detail: string | null;
}

export interface TestRunResource {
  id: string;
  scenario: TestScenarioId;
  status: "running" | "passed" | "failed";
  steps: TestStep[];
  /** Why it passed or failed, once it has finished. */
  verdict: string | null;
  call_id: string | null;
  /** What its verdict checks (the custom scenario's as it was when run). */
  checks: TestCheck[];
  /** What the call would have done outside the test: texts, CRM pushes, bookings, alerts, transfers. */
  side_effects: { kind: string; detail: string }[];
  created_at: string;
  finished_at: string | null;
}

export interface CustomScenario {
  lines: string[];
  /** Null until the business chooses (a script saved before expectations existed had none). */
  expect: TestExpectation | null;
  /** What the agent must say, for "says"; empty otherwise. */
  phrase: string;
}

const line = z
  .string(TEST_SUITE_MESSAGES.lines)
  .check(z.trim(), z.minLength(1, TEST_SUITE_MESSAGES.lines), z.maxLength(CUSTOM_LINES.maxLength, TEST_SUITE_MESSAGES.lines));

/** `PUT /api/test-suite/custom`: the custom scenario's caller lines, what must be true after its call, and for "says" the phrase. */
export const customScenarioSchema = z
  .strictObject({
    lines: z.array(line, TEST_SUITE_MESSAGES.lines).check(z.maxLength(CUSTOM_LINES.max, TEST_SUITE_MESSAGES.lines)),
    expect: z.enum(TEST_EXPECTATIONS, TEST_SUITE_MESSAGES.expect),
    phrase: z.optional(z.string(TEST_SUITE_MESSAGES.phrase).check(z.trim(), z.maxLength(CUSTOM_PHRASE_MAX, TEST_SUITE_MESSAGES.phrase))),
  })
  .check(z.refine((value) => value.expect !== "says" || Boolean(value.phrase), { message: TEST_SUITE_MESSAGES.phrase, path: ["phrase"] }));

/** `POST /api/test-suite/runs`: which scenario to run. */
export const startTestCallSchema = z.strictObject({ scenario: z.enum(TEST_SCENARIO_IDS, TEST_SUITE_MESSAGES.scenario) });
