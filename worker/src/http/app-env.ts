import type { RequestIdVariables } from "hono/request-id";
import type { Database } from "../db/client";
import type { Bindings, Config } from "../env";
import type { Logger } from "./logger";

/** What every handler finds on its context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: RequestIdVariables & {
    config: Config;
    log: Logger;
    db: Database;
  };
}
