import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "site",
    root: new URL(".", import.meta.url).pathname,
    // The dashboard's lib in Node, without a DOM (no jsdom or happy-dom in the tree): each hook's logic lives in a plain
    // function beside it (use-resource's createLoader, use-submit's createSubmitter, …), which these test.
    include: ["src/lib/**/*.test.ts"],
    setupFiles: ["src/lib/test-window.ts"],
  },
});
