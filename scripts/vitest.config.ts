import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "scripts",
    root: new URL(".", import.meta.url).pathname,
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "fixtures/**"],
  },
});
