import { transferScenario } from "./transfer-report";

export const transferNoAnswer = transferScenario(
  "transfer-no-answer",
  "the caller asks for a person; nobody answers in 25 s, and the caller comes back to Nikki and leaves a message",
  {
    callee: "no-answer",
    saysAfter: "Yes please, take a message: my name is Sam Lee and my number is 415 555 2671. Please call me back about my bill.",
  },
);
