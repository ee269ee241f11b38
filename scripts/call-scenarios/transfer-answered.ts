import { transferScenario } from "./transfer-report";

export const transferAnswered = transferScenario(
  "transfer-answered",
  "the caller asks for a person; the team member hears the briefing, presses 1 and is put through",
  { callee: "accepts", talkSeconds: 6 },
);
