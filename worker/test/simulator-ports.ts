/** Where global-setup.ts started the provider simulators: free ports, chosen at each run. */
export interface SimulatorPorts {
  openaiPort: number;
  twilioPort: number;
  crmPort: number;
  stripePort: number;
  googleCalendarPort: number;
  calcomPort: number;
  oidcPort: number;
  /** The fixture websites a knowledge import reads (simulators/business-website-pages.ts). */
  websitePorts: { bakery: number; linked: number; moved: number; hostile: number; heavy: number };
}

declare module "vitest" {
  // What global-setup.ts provides to the configuration (the worker's bindings) and to every test file.
  interface ProvidedContext {
    simulatorPorts: SimulatorPorts;
  }
}
