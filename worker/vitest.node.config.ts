import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Worker code checked from Node: the Turso/libSQL path against a `file:` database with the same migrations,
 * and the provider clients against the official SDKs as independent oracles (Twilio's library; the openai and stripe SDKs,
 * which the worker speaks for itself over fetch).
 */
export default defineConfig({
  test: {
    name: "worker-node",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/node/**/*.test.ts"],
  },
});
