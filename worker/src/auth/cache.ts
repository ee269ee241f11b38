import { type LogLevel, createLogger } from "../logger";
import type { Services } from "../services";
import { type Auth, createAuth } from "./auth";

/**
 * better-auth instances, one per bindings object and origin for the life of the isolate: building one
 * fetches the Google discovery document, which must not happen on every request.
 */
export class AuthCache {
  readonly #byBindings = new WeakMap<object, Map<string, Auth>>();

  get(bindings: object, services: Services, origin: string, secret: string): Auth {
    let byOrigin = this.#byBindings.get(bindings);
    if (!byOrigin) {
      byOrigin = new Map();
      this.#byBindings.set(bindings, byOrigin);
    }
    let auth = byOrigin.get(origin);
    if (!auth) {
      const { config, db } = services;
      const mailer = services.mailer(createLogger({ component: "auth" }, config.LOG_LEVEL as LogLevel));
      auth = createAuth({ db, config, origin, secret, mailer });
      byOrigin.set(origin, auth);
    }
    return auth;
  }
}
