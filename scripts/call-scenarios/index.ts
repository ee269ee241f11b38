import { booking } from "./booking";
import { returning } from "./returning";
import type { CallScenario } from "./scenario";
import { spanish } from "./spanish";
import { transferAnswered } from "./transfer-answered";
import { transferNoAnswer } from "./transfer-no-answer";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [booking, returning, spanish, transferAnswered, transferNoAnswer];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
