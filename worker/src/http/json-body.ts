import type { Context } from "hono";
import { ApiError } from "./api-error";

/** Reads a JSON request body; a wrong content type answers 415 and malformed JSON 400, in the envelope. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw new ApiError("unsupported_media_type");
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json");
  }
}
