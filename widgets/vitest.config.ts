import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "widgets",
    root: new URL(".", import.meta.url).pathname,
    include: ["src/**/*.test.ts"],
  },
});
