/** The Overview's Getting started checklist (issue 9 §4): each step ticks from real data and links to where it is done. */
export const GETTING_STARTED_STEPS = [
  { id: "agent", label: "Create an agent", hint: "Who answers: name, greeting, knowledge, hours.", href: "/dashboard/agents" },
  { id: "number", label: "Get a number", hint: "Buy one, or refresh the list to bring in yours, and assign the agent.", href: "/dashboard/numbers" },
  { id: "test_call", label: "Place a test call", hint: "Hear your agent answer: Test Call on the number.", href: "/dashboard/numbers" },
  { id: "widget", label: "Put the widget on your site", hint: "Paste the script tag and allow your site's address.", href: "/dashboard/settings#widget" },
  { id: "plan", label: "Choose a plan", hint: "Keep answering when the free trial ends.", href: "/dashboard/billing" },
] as const;

export type GettingStartedStepId = (typeof GETTING_STARTED_STEPS)[number]["id"];

export interface GettingStartedResource {
  steps: { id: GettingStartedStepId; done: boolean }[];
  complete: boolean;
}
