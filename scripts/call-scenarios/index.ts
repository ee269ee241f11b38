import { booking } from "./booking";
import type { CallScenario } from "./scenario";
import { transferAnswered } from "./transfer-answered";
import { transferNoAnswer } from "./transfer-no-answer";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [booking, transferAnswered, transferNoAnswer];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
