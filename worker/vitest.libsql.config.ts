import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The Turso/libSQL path, in Node against a `file:` database with the same migrations. */
export default defineConfig({
  test: {
    name: "libsql",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/libsql/**/*.test.ts"],
  },
});
