/** What the typed client answers (client.ts's ApiResult), made by hand for the lib's tests. */
import type { ErrorCode } from "@nikki/core";
import type { ApiResult } from "./client";

export const answered = <T>(data: T, status = 200): ApiResult<T> => ({ ok: true, status, data });

export const refused = (status: number, error?: { code: ErrorCode; message: string; fields?: Record<string, string> }): ApiResult<never> => ({
  ok: false,
  status,
  error: error ?? null,
});

/** The network failed: no answer at all (status 0). */
export const unreachable: ApiResult<never> = { ok: false, status: 0, error: null };

/** A request that answers when told, as a slow network would. */
export function pending<T>() {
  let answer!: (result: ApiResult<T>) => void;
  const result = new Promise<ApiResult<T>>((resolve) => {
    answer = resolve;
  });
  return { request: () => result, answer };
}
