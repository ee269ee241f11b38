import type { OwnerCommand } from "../call/live";
import type { LogLevel } from "../logger";
/** A call's MediaSession: its stream's upgrade (a fetch), and an owner's command from the control plane. */
export interface MediaSessionRpc extends Rpc.DurableObjectBranded {
  command(command: OwnerCommand): Promise<boolean>;
  /** How many members listen to the stream now. */
  listening(): Promise<number>;
}

/** The media plane's bindings: its sessions, the way back to the control plane, and the secret both planes share. */
export interface MediaBindings {
  MEDIA_SESSION: DurableObjectNamespace<MediaSessionRpc>;
  CONTROL: Fetcher;
  /** Each agent's greeting rendered ahead, as base64 frames (voice/greeting-cache.ts renders; MediaCall plays). */
  GREETINGS?: KVNamespace;
  AUTH_SECRET?: string;
  LOG_LEVEL?: LogLevel;
  /** As the control plane's: a localhost URL makes this a local deployment for the URL guard. */
  PUBLIC_BASE_URL?: string;
  /** Test configurations only: `host:port` pairs the URL guard allows besides its rule. */
  TEST_ONLY_URL_ALLOW?: string;
  /** As the control plane's: the DoH resolver a business's realtime host is resolved with (call/doh.ts). */
  DOH_URL?: string;
}
