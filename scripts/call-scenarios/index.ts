import { blocked } from "./blocked";
import { booking } from "./booking";
import { long } from "./long";
import { returning } from "./returning";
import { robocall } from "./robocall";
import { silent } from "./silent";
import { slowTool } from "./slow-tool";
import type { CallScenario } from "./scenario";
import { spanish } from "./spanish";
import { backchannel, cough, interrupt } from "./talk-over";
import { transferAnswered } from "./transfer-answered";
import { transferNoAnswer } from "./transfer-no-answer";
import { unanswered } from "./unanswered";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [
  booking,
  long,
  slowTool,
  cough,
  backchannel,
  interrupt,
  returning,
  spanish,
  transferAnswered,
  transferNoAnswer,
  silent,
  blocked,
  robocall,
  unanswered,
];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
