import { Hono } from "hono";
import { selfOrigin } from "../../middleware/access/request-auth";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { MEMBER_HEADER } from "../../durable/org-events-names";
import { access, orgCaller } from "../../middleware/access";

/**
 * `GET /api/events`: the dashboard's live channel, a WebSocket to the caller's organization's OrgEvents object
 * (any member; signed in by the session cookie). Only this site may open it: a browser sends the cookie on a
 * cross-site WebSocket too, so a foreign Origin is refused.
 */
export const eventRoutes = new Hono<AppEnv>().get("/", access("viewer"), async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.text("Expected a websocket upgrade", 426);
  if (c.req.header("origin") !== selfOrigin(c)) throw new ApiError("forbidden", { message: "Live updates are only for this site's dashboard." });
  const events = c.env.ORG_EVENTS;
  const caller = orgCaller(c);
  // The member is named by us, over whatever a client sent, so removing them can close their channel.
  const headers = new Headers(c.req.raw.headers);
  headers.set(MEMBER_HEADER, caller.userId);
  const upgraded = await events.get(events.idFromName(caller.organizationId)).fetch(new Request(c.req.raw, { headers }));
  // A fresh response: the object's headers are immutable, and the API's middleware adds its own.
  return new Response(null, { status: upgraded.status, webSocket: upgraded.webSocket, headers: new Headers(upgraded.headers) });
});
