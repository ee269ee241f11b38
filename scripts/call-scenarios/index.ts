import { blocked } from "./blocked";
import { booking } from "./booking";
import { robocall } from "./robocall";
import { silent } from "./silent";
import type { CallScenario } from "./scenario";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [booking, silent, blocked, robocall];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
