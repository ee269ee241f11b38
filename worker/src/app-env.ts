import type { DemoCallInput } from "@nikki/core";
import type { RequestIdVariables } from "hono/request-id";
import type { AuthCache } from "./auth/cache";
import type { Caller } from "./auth/caller";
import type { Database } from "./db/client";
import type { Bindings, Config } from "./env";
import type { Mailer } from "./services/mail";
import type { Services } from "./services";
import type { WidgetOwner } from "./widget-keys";
import type { Logger } from "./logger";

/** What every handler finds on its context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: RequestIdVariables & {
    config: Config;
    log: Logger;
    db: Database;
    mailer: Mailer;
    /** Everything that leaves the worker (providersFor(organizationId) for an organization's own work). */
    services: Services;
    /** better-auth instances of this app, reused across requests. */
    authCache: AuthCache;
    /** Loaded on first use by loadCaller(); null when signed out. */
    caller?: Caller | null;
    /** The organization behind the widget key (set by widgetCors()). */
    widgetOwner?: WidgetOwner;
    /** A demo call request that passed its checks (set by the demo-call routes before their limits). */
    demoCall?: DemoCallInput & { scheduledAt?: Date };
    /** The verified form of a Twilio webhook (set by twilioSignature()). */
    twilioParams?: Record<string, string>;
    /**
     * The account that signed the Twilio webhook: a business's own (its id and organization) or the platform's (nulls),
     * and the token it signs with (its media streams' too).
     */
    twilioAccount?: { accountSid: string | null; organizationId: string | null; authToken: string };
    /** This app, called in-process (the health probes call its own webhooks; no network hop, no free URL). */
    selfFetch: (request: Request) => Promise<Response>;
    /** Cookies to add to whatever response the request ends with (a renewed session). */
    setCookies?: string[];
  };
}
