import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { inject } from "vitest";

/**
 * Ports and credentials of the provider simulators the worker tests run against. global-setup.ts starts them on
 * free ports and provides the ports to every test file.
 */
export const SIMULATED = { ...inject("simulatorPorts"), ...SIMULATED_CREDENTIALS } as const;
