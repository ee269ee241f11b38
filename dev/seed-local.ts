/**
 * Seeds the demo organization into the local D1. Arguments: wrangler's --persist-to directory (empty: its default
 * state), and the wrangler configuration when it is not the product's.
 */
import { hashPassword } from "better-auth/crypto";
import { getPlatformProxy } from "wrangler";
import { createD1Database } from "../worker/src/db/client";
import { DEMO, seedDemoOrganization } from "../worker/src/db/seed";
import type { Bindings } from "../worker/src/env";
import { ROOT } from "./local";

const [persistTo, configPath = `${ROOT}/wrangler.toml`] = process.argv.slice(2);
const proxy = await getPlatformProxy<Bindings>({
  configPath,
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
});
try {
  await seedDemoOrganization(createD1Database(proxy.env.DB), await hashPassword(DEMO.ownerPassword));
  console.log(
    `Seeded the demo organization "${DEMO.organizationName}": sign in as ${DEMO.ownerEmail} / ${DEMO.ownerPassword} (widget key ${DEMO.publicWidgetKey}).`,
  );
} finally {
  await proxy.dispose();
}
