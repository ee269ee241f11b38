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

/** A finished call of the organization's, as the call's end and its analysis would have stored it; `extra` adds columns. */
export async function insertFinishedCall(organizationId: string, id: string, durationSeconds: number, extra: Record<string, Param> = {}): Promise<void> {
  const columns = {
    id,
    call_sid: `CA${organizationId.replace(/-/g, "")}`,
    organization_id: organizationId,
    from_number: "+14155550142",
    to_number: "+17375550142",
    status: "completed",
    processing_status: "processed",
    duration_seconds: durationSeconds,
    created_at: Date.now(),
    ...extra,
  };
  await execute(
    `insert into calls (${Object.keys(columns).join(", ")}) values (${Object.keys(columns)
      .map(() => "?")
      .join(", ")})`,
    ...Object.values(columns),
  );
}
