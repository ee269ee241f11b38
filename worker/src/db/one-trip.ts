/**
 * Statements sent to the database together, in one round trip, run in order as one transaction (D1's `batch`,
 * libSQL's `batch`). A round trip is most of what a statement costs: a call's after-work made one per statement.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "./client";

interface Batching {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
}

export function inOneTrip<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(db: Database, statements: T): Promise<BatchResponse<T>> {
  // Both drivers the product runs on (db/client.ts) batch; the shared base type does not declare it.
  return (db as unknown as Batching).batch(statements);
}
