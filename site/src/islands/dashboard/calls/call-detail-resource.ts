import type { DataOf, api } from "../../../lib/client";

/** One call as GET /api/calls/:id answers it (the detail and its actions). */
export type CallDetailResource = DataOf<(typeof api.calls)[":id"]["$get"]>["call"];
