import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Worker code checked from Node: the Turso/libSQL path against a `file:` database with the same migrations,
 * and the Twilio pieces against Twilio's own library as an independent oracle.
 */
export default defineConfig({
  test: {
    name: "worker-node",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/node/**/*.test.ts"],
  },
});
