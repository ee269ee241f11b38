import * as z from "zod/mini";

/** The Test Suite (spec 001 §9): a simulated call end to end through the real pipeline, one scenario at a time. */
export const TEST_SCENARIO_IDS = ["lead", "appointment", "spanish", "after_hours", "custom"] as const;
export type TestScenarioId = (typeof TEST_SCENARIO_IDS)[number];

/** What a scenario expects the call to have done, checked from the stored entities and tool calls. */
export const TEST_EXPECTATIONS = ["lead", "appointment", "info"] as const;
export type TestExpectation = (typeof TEST_EXPECTATIONS)[number];

export interface TestScenario {
  id: TestScenarioId;
  title: string;
  description: string;
  /** What the synthetic caller says, one line per turn (the custom scenario's are the business's). */
  lines: string[];
  expect: TestExpectation;
}

export const TEST_SCENARIOS: readonly TestScenario[] = [
  {
    id: "lead",
    title: "New lead",
    description: "A caller leaves their name and number and asks for a quote. Nikki saves the lead.",
    lines: ["Hi, this is Maria Garcia. I'd like a quote to replace my water heater.", "You can reach me on +1 415 555 0142."],
    expect: "lead",
  },
  {
    id: "appointment",
    title: "Appointment booking",
    description:
      "A caller gives their details and asks for the next day you're open. Nikki offers free times within your hours and books the one the caller picks.",
    lines: [
      "Hello, my name is James Chen and my number is +1 415 555 0173.",
      "Can I book an appointment for the next day you're open?",
      "Yes, the first time you offered works for me.",
    ],
    expect: "appointment",
  },
  {
    id: "spanish",
    title: "Spanish caller",
    description: "A caller speaks Spanish. Nikki answers in Spanish and takes their details.",
    lines: ["Hola, soy Lucía Fernández. Necesito una cita para mañana a las 9.", "Mi número es +1 415 555 0188."],
    expect: "lead",
  },
  {
    id: "after_hours",
    title: "After-hours caller",
    description: "A caller rings while you are closed. Nikki takes a message for the morning.",
    lines: ["Hi, this is Tom Baker. My basement is flooding, it's urgent!", "Please call me back on +1 415 555 0126."],
    expect: "lead",
  },
  {
    id: "custom",
    title: "Your own script",
    description: "Write what the caller says, line by line, and what the call should achieve.",
    lines: [],
    expect: "info",
  },
];

/** The default time a Test Suite call may take, start to verdict (spec 001 §9). */
export const SUITE_CALL_SECONDS = 120;
export const CUSTOM_LINES = { max: 6, maxLength: 200 } as const;

export const TEST_SUITE_MESSAGES = {
  notAuthenticated: "User not authenticated",
  noOrganization: "No organization found",
  noNumber: "No phone numbers configured. Please add a phone number in Settings > Numbers.",
  noCrm: "No CRM configured (expected)",
  failed: "Test Failed",
  passed: "Test Passed",
  noCustomLines: "Write at least one line for the caller before running your own script.",
  lines: `Write 1 to ${CUSTOM_LINES.max} lines, each up to ${CUSTOM_LINES.maxLength} characters.`,
  expect: `The expected result must be one of ${TEST_EXPECTATIONS.join(", ")}.`,
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
  /** What the call would have done outside the test: texts, CRM pushes, bookings, alerts, transfers. */
  side_effects: { kind: string; detail: string }[];
  created_at: string;
  finished_at: string | null;
}

export interface CustomScenario {
  lines: string[];
  expect: TestExpectation;
}

const line = z
  .string(TEST_SUITE_MESSAGES.lines)
  .check(z.trim(), z.minLength(1, TEST_SUITE_MESSAGES.lines), z.maxLength(CUSTOM_LINES.maxLength, TEST_SUITE_MESSAGES.lines));

/** `PUT /api/test-suite/custom`: the custom scenario's caller lines and its expected result. */
export const customScenarioSchema = z.strictObject({
  lines: z.array(line, TEST_SUITE_MESSAGES.lines).check(z.maxLength(CUSTOM_LINES.max, TEST_SUITE_MESSAGES.lines)),
  expect: z.enum(TEST_EXPECTATIONS, TEST_SUITE_MESSAGES.expect),
});

/** `POST /api/test-suite/runs`: which scenario to run. */
export const startTestCallSchema = z.strictObject({ scenario: z.enum(TEST_SCENARIO_IDS, TEST_SUITE_MESSAGES.scenario) });
