import { urlPolicyFrom } from "@nikki/core/url-guard";
import { DurableObject } from "cloudflare:workers";
import { createLogger } from "../logger";
import { DEFAULT_DOH_URL } from "../call/doh";
import { MediaCall } from "./call";
import { controlPlane } from "./control-client";
import type { MediaBindings, MediaSessionRpc } from "./env";
import type { OwnerCommand } from "../call/live";
import { LISTEN_PATH } from "../call/listen-ticket";

/** One live stream's audio (keyed by CallSid, and segment after a transfer): the Durable Object around its MediaCall. */
export class MediaSession extends DurableObject<MediaBindings> implements MediaSessionRpc {
  private readonly call: MediaCall;

  constructor(ctx: DurableObjectState, env: MediaBindings) {
    super(ctx, env);
    // Named by its CallSid, or `CallSid/2` for a stream after a transfer came back (handler.ts): the call is the CallSid.
    const [callSid = "", segment] = (ctx.id.name ?? "").split("/");
    this.call = new MediaCall({
      callSid,
      segment: Number(segment ?? 1),
      storage: ctx.storage,
      greetings: env.GREETINGS,
      control: controlPlane(env.CONTROL, env.AUTH_SECRET ?? ""),
      log: createLogger({ component: "media_session", call_sid: callSid }, env.LOG_LEVEL ?? "info"),
      urlPolicy: urlPolicyFrom(env.PUBLIC_BASE_URL, env.TEST_ONLY_URL_ALLOW),
      dohUrl: env.DOH_URL || DEFAULT_DOH_URL,
      ...(env.AUTH_SECRET ? { listenSecret: env.AUTH_SECRET } : {}),
    });
  }

  /** Twilio's stream, or a member listening in (handler.ts routes both here). */
  override fetch(request: Request): Promise<Response> {
    return LISTEN_PATH.test(new URL(request.url).pathname) ? this.call.listen(request) : this.call.fetch(request);
  }

  async command(command: OwnerCommand): Promise<boolean> {
    return this.call.command(command);
  }

  async listening(): Promise<number> {
    return this.call.listening();
  }

  override alarm(): Promise<void> {
    return this.call.alarm();
  }
}
