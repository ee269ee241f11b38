import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { knowledgeEntryRoutes } from "./entries";

/**
 * `/api/knowledge` (issue 39): the entries (entries.ts). The website import and the unanswered questions mount their
 * own files here, beside it: entries.ts serves only PATCH and DELETE under `/:id`, so their paths never meet it.
 */
export const knowledgeRoutes = new Hono<AppEnv>().route("/", knowledgeEntryRoutes);
