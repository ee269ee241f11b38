import { booking } from "./booking";
import { returning } from "./returning";
import type { CallScenario } from "./scenario";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [booking, returning];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
