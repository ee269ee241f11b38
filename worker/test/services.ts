import { env } from "cloudflare:test";
import { readConfig } from "../src/env";
import { type Services, liveServices } from "../src/services";

/** The services an entry point builds, on the test bindings: the real D1 and the provider simulators. */
export function testServices(bindings: Partial<typeof env> = {}): Services {
  const merged = { ...env, ...bindings };
  return liveServices(merged, readConfig(merged));
}
