import type { RealtimeServerEvent } from "openai/resources/realtime/realtime";

/**
 * A server event as the simulators send it: its type must be one of the Realtime API's, and every field it sets
 * has that event's type in the OpenAI SDK, so a drift between the simulators and the real protocol fails the
 * typecheck. Fields the bridge never reads may be left out.
 */
export type SimulatedServerEvent = {
  [Type in RealtimeServerEvent["type"]]: { type: Type } & Partial<Omit<Extract<RealtimeServerEvent, { type: Type }>, "type" | "event_id">>;
}[RealtimeServerEvent["type"]];
