import type { LiveAppointmentEvent, LiveCallEvent } from "@nikki/core";
import { useEffect, useRef } from "react";
import { api } from "./client";

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;
const PING_MS = 30_000;

/** What the live channel says: one of the organization's calls or appointments was made or changed. */
export type LiveEvent = LiveCallEvent | LiveAppointmentEvent;

/**
 * The organization's live channel (the events route, a WebSocket): calls `onEvent` for each call or appointment that
 * is made or changes, and reconnects after a drop (backing off to 15 s), so an open page stays current without reloading.
 */
export function useLiveEvents(onEvent: (event: LiveEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry = RETRY_MIN_MS;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    const connect = () => {
      socket = new WebSocket(`${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${api.events.$path()}`);
      socket.addEventListener("open", () => {
        retry = RETRY_MIN_MS;
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), PING_MS);
      });
      socket.addEventListener("message", (message) => {
        if (message.data === "pong") return;
        try {
          handler.current(JSON.parse(String(message.data)) as LiveEvent);
        } catch {
          // Not an event: ignored.
        }
      });
      socket.addEventListener("close", () => {
        clearInterval(ping);
        if (stopped) return;
        reconnect = setTimeout(connect, retry);
        retry = Math.min(retry * 2, RETRY_MAX_MS);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearInterval(ping);
      socket?.close();
    };
  }, []);
}

/** The live channel's call events only (the call list). */
export function useLiveCalls(onEvent: (event: LiveCallEvent) => void) {
  useLiveEvents((event) => event.type === "call" && onEvent(event));
}

/** The live channel's appointment events only (the agenda). */
export function useLiveAppointments(onEvent: (event: LiveAppointmentEvent) => void) {
  useLiveEvents((event) => event.type === "appointment" && onEvent(event));
}
