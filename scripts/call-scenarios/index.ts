import { booking } from "./booking";
import { slowTool } from "./slow-tool";
import type { CallScenario } from "./scenario";

/** Every scenario `npm run call:simulate` knows, in the order `--help` lists them. */
export const SCENARIOS: readonly CallScenario[] = [booking, slowTool];

export const scenarioNamed = (name: string) => SCENARIOS.find((scenario) => scenario.name === name);
