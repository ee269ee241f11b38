import type { RequestIdVariables } from "hono/request-id";
import type { AuthCache } from "../auth/cache";
import type { Caller } from "../auth/context";
import type { Database } from "../db/client";
import type { Bindings, Config } from "../env";
import type { Mailer } from "../services/mail";
import type { TwilioClient } from "../services/twilio/client";
import type { WidgetOwner } from "../widgets/widget-key";
import type { Logger } from "./logger";

/** What every handler finds on its context. */
export interface AppEnv {
  Bindings: Bindings;
  Variables: RequestIdVariables & {
    config: Config;
    log: Logger;
    db: Database;
    mailer: Mailer;
    /** Null when Twilio is not configured. */
    twilio: TwilioClient | null;
    /** better-auth instances of this app, reused across requests. */
    authCache: AuthCache;
    /** Loaded on first use by loadCaller(); null when signed out. */
    caller?: Caller | null;
    /** The organization behind the widget key (set by widgetCors()). */
    widgetOwner?: WidgetOwner;
    /** The verified form of a Twilio webhook (set by twilioSignature()). */
    twilioParams?: Record<string, string>;
    /** Cookies to add to whatever response the request ends with (a renewed session). */
    setCookies?: string[];
  };
}
