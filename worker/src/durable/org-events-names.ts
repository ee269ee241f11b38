/**
 * What the live channel's object and the route in front of it agree on, apart from the object's class (which needs the
 * Workers runtime): the Node-run tests load the routes, not the object.
 */

/** The header the events route names the signed-in member by (set by the worker; the object is reachable only through it). */
export const MEMBER_HEADER = "x-nikki-member";

/** The close a removed member's dashboard gets (4000–4999 are the application's own codes). */
export const REMOVED_CLOSE = { code: 4403, reason: "You are no longer a member of this organization." } as const;
