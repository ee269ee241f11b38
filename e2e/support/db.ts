/** The product under test's local D1 (@nikki/dev/local-d1), to check what it stored and to set up a case. */
import { E2E_BASE_URL } from "@nikki/dev/e2e-ports";
import { type Param, rows } from "@nikki/dev/local-d1";

/** The first row a select returns, to check what the product stored. */
export async function queryOne<T>(sql: string, ...params: Param[]): Promise<T | undefined> {
  return (await rows(E2E_BASE_URL, sql, params))[0] as T | undefined;
}

/** A write for test control only (e.g. making a scheduled call due). */
export async function execute(sql: string, ...params: Param[]): Promise<void> {
  await rows(E2E_BASE_URL, sql, params);
}
