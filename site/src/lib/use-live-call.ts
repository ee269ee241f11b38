import type { LiveCallMessage, LiveCallView, LiveEvent, LiveLine } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { api, call } from "./client";

const RETRY_MS = 1_000;
const PING_MS = 30_000;

/** Where a watched call is: its view as it grows, and whether it is over. */
export interface LiveCallWatch {
  view: LiveCallView | null;
  ended: boolean;
}

/** The lines so far with `added` put in their places (a line said again in a later batch replaces itself). */
function withLines(lines: LiveLine[], added: LiveLine[]): LiveLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const line of added) byId.set(line.id, line);
  return [...byId.values()];
}

/** The events with `event` added, or in the place of the one with its id (an action's end replaces its "…" line). */
function withEvent(events: LiveEvent[], event: LiveEvent): LiveEvent[] {
  return events.some((kept) => kept.id === event.id) ? events.map((kept) => (kept.id === event.id ? event : kept)) : [...events, event];
}

/** The view changed by one of the socket's messages. */
export function applyLiveMessage(view: LiveCallView | null, message: LiveCallMessage): LiveCallView | null {
  if (message.type === "view") return message.view;
  if (!view) return view;
  if (message.type === "lines") return { ...view, transcript: withLines(view.transcript, message.lines), latency: message.latency };
  if (message.type === "event")
    return {
      ...view,
      events: withEvent(view.events, message.event),
      ...(message.state ? { state: message.state, with: message.with ?? null } : {}),
    };
  return view;
}

/**
 * One call as it happens (issue 56 §1): the view so far (`GET /api/calls/:id/live`, which records the watch), then its
 * CallSession's socket, which sends the view whole and each line as its speaker finishes it, each thing the agent or an
 * owner does, and `ended` once the call is over. A dropped socket reconnects (the view whole again) while the call goes
 * on; a call found over (409) is `ended`. `onLines` hears each batch of lines as it arrives.
 */
export function useLiveCall(callId: string | null, onLines?: (lines: LiveLine[]) => void): LiveCallWatch {
  const [watch, setWatch] = useState<LiveCallWatch>({ view: null, ended: false });
  const heard = useRef(onLines);
  heard.current = onLines;
  useEffect(() => {
    setWatch({ view: null, ended: false });
    if (!callId) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    const connect = () => {
      const path = api.calls[":id"].live.$path({ param: { id: encodeURIComponent(callId) } });
      socket = new WebSocket(`${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${path}`);
      socket.addEventListener("open", () => {
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), PING_MS);
      });
      socket.addEventListener("message", (event) => {
        if (event.data === "pong") return;
        let message: LiveCallMessage;
        try {
          message = JSON.parse(String(event.data)) as LiveCallMessage;
        } catch {
          return;
        }
        if (message.type === "lines") heard.current?.(message.lines);
        if (message.type === "ended") stopped = true;
        setWatch((current) => (message.type === "ended" ? { ...current, ended: true } : { ...current, view: applyLiveMessage(current.view, message) }));
      });
      // A refused upgrade (the call over: 409) and a drop look alike to a socket: the view's answer says which.
      socket.addEventListener("close", () => {
        clearInterval(ping);
        if (!stopped) reconnect = setTimeout(() => void start(), RETRY_MS);
      });
    };
    const start = async () => {
      const read = await call(api.calls[":id"].live.$get, { param: { id: callId } });
      if (stopped) return;
      if (!read.ok && read.status === 409) {
        stopped = true;
        setWatch((current) => ({ ...current, ended: true }));
        return;
      }
      if (read.ok) setWatch((current) => ({ ...current, view: read.data }));
      connect();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearInterval(ping);
      socket?.close();
    };
  }, [callId]);
  return watch;
}
