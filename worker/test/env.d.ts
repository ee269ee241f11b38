import type { D1Migration } from "@cloudflare/vitest-plugin";
import type { Bindings } from "../src/env";

declare global {
  namespace Cloudflare {
    // The bindings tests see through `cloudflare:test`: the worker's, plus the migrations to apply.
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
