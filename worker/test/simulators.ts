import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { inject } from "vitest";

/**
 * Ports and credentials of the provider simulators the worker tests run against. global-setup.ts starts them on
 * free ports and provides the ports to every test file.
 */
export const SIMULATED = { ...inject("simulatorPorts"), ...SIMULATED_CREDENTIALS } as const;

/** The DoH simulator (simulators/doh.ts), served by the integrations simulator: the tests' DOH_URL in both planes. */
export const SIMULATED_DOH_URL = `http://127.0.0.1:${SIMULATED.crmPort}/dns-query`;
