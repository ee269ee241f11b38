import { parseFields } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { ApiError } from "./api-error";
import type { AppEnv } from "../app-env";
import { readJsonBody } from "./json-body";

/**
 * Reads a JSON body against a (strict) schema. A bad value answers 400 with a message per field; a field the schema
 * does not know answers 400 naming it (`That is not a setting: pii_redactoin`), so a typo is never silently ignored.
 */
export async function parseBody<S extends z.ZodMiniType>(c: Context, schema: S, noun: string): Promise<z.output<S>> {
  return parseValue(await readJsonBody(c), schema, noun);
}

/** The same refusals for a value already read (a part of a body). */
export function parseValue<S extends z.ZodMiniType>(body: unknown, schema: S, noun: string): z.output<S> {
  const parsed = parseFields(schema, body);
  if (parsed.ok) return parsed.data;
  if (!parsed.fields._) throw new ApiError("validation_failed", { fields: parsed.fields });
  const shape = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape ?? {};
  const unknown = typeof body === "object" && body !== null ? Object.keys(body).filter((key) => !(key in shape)) : [];
  throw new ApiError("validation_failed", { message: `That is not ${noun}: ${unknown.join(", ") || parsed.fields._}` });
}

/**
 * A route's query, refused as parseValue refuses it (the handler reads `c.req.valid("query")`); declared this way so
 * the typed client knows the query's names and values.
 */
export function queryOf<S extends z.ZodMiniType>(schema: S, noun: string) {
  return validator("query", (_value, c) => parseValue(c.req.query(), schema, noun)) as unknown as MiddlewareHandler<
    AppEnv,
    string,
    { in: { query: z.input<S> }; out: { query: z.output<S> } }
  >;
}
