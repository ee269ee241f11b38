/** A business the reliability items set up through the product's API, as its owner would in the dashboard. */
import { type Context, signUpOwner } from "./context";

/** The owner's JSON request to the API (signed in, from the dashboard's origin), answered as it comes. */
export type OwnerRequest = (path: string, body?: unknown, method?: string) => Promise<Response>;
/** The owner's JSON calls to the API; a refused one throws, with what the API said. */
export type OwnerSend = <T>(path: string, body?: unknown, method?: string) => Promise<T>;

export function ownerRequest(base: string, cookie: string): OwnerRequest {
  return (path, body, method = body === undefined ? "GET" : "POST") =>
    fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: base, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

export function ownerApi(base: string, cookie: string): OwnerSend {
  const request = ownerRequest(base, cookie);
  return async <T>(path: string, body?: unknown, method?: string): Promise<T> => {
    const response = await request(path, body, method);
    if (!response.ok) throw new Error(`${method ?? (body === undefined ? "GET" : "POST")} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

export interface OwnedBusiness {
  organizationId: string;
  cookie: string;
  agentId: string;
  /** The number it bought, ringing its agent. */
  number: string;
  send: OwnerSend;
}

/**
 * A freshly signed-up business (its trial) with one agent (`agent`: the create body) and a number of its own bought
 * through the Twilio simulator and assigned to that agent; `settings` patched last.
 */
export async function ownedBusiness(context: Context, company: string, options: { agent: Record<string, unknown>; settings?: Record<string, unknown> }) {
  const owner = await signUpOwner(context.base, company);
  const send = ownerApi(context.base, owner.cookie);
  const { agent } = await send<{ agent: { id: string } }>("/api/agents", options.agent);
  const { available } = await send<{ available: { phone_number: string }[] }>("/api/numbers/search", {});
  const { number } = await send<{ number: { id: string; phone_number: string } }>("/api/numbers", { phone_number: available[0]!.phone_number });
  await send(`/api/numbers/${number.id}`, { assigned_agent_id: agent.id }, "PATCH");
  if (options.settings) await send("/api/org/settings", options.settings, "PATCH");
  return { organizationId: owner.organizationId, cookie: owner.cookie, agentId: agent.id, number: number.phone_number, send } satisfies OwnedBusiness;
}

/** Open at every hour of every day: calls are taken and times are free whenever the bench runs. */
export const AROUND_THE_CLOCK = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));

/**
 * Free starts of the service that do not overlap one another, from tomorrow on (past the notice a booked person is
 * held to on their manage page), as the availability API offers them; each handed out once.
 */
export async function freeStarts(send: OwnerSend, serviceId: string): Promise<() => string> {
  const { slots } = await send<{ slots: { start: string; end: string }[] }>(`/api/appointments/availability?service_id=${serviceId}`);
  const starts: string[] = [];
  let freeFrom = Date.now() + 26 * 3_600_000;
  for (const slot of slots) {
    if (Date.parse(slot.start) < freeFrom) continue;
    starts.push(slot.start);
    freeFrom = Date.parse(slot.end);
  }
  return () => {
    const start = starts.shift();
    if (!start) throw new Error("the availability API offered too few free times");
    return start;
  };
}
