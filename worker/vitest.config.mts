import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          LOG_LEVEL: "error",
          AUTH_SECRET: "test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        },
      },
    }),
  ],
  test: {
    name: "worker",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/node/**", "src/voice/**"],
    setupFiles: ["./test/apply-migrations.ts"],
  },
}));
