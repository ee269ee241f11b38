/** Columns every table shares: a UUID id and epoch-millisecond timestamps set by the database. */
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";
import { toBase64Url } from "../../call/keyed-hash";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
    .$onUpdateFn(() => new Date());

/** An unguessable token for a private link: 32 random bytes, base64url. */
export const linkToken = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
