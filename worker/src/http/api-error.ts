import { API_ERRORS, type ErrorCode, type ErrorEnvelope, type SlotResource } from "@nikki/core";

/** An error the client is meant to read: thrown anywhere, answered by `onError` in the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly alternatives: SlotResource[] | undefined;

  constructor(code: ErrorCode, options: { message?: string; fields?: Record<string, string>; alternatives?: SlotResource[] } = {}) {
    super(options.message ?? API_ERRORS[code].message);
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.fields = options.fields;
    this.alternatives = options.alternatives;
  }

  toEnvelope(): ErrorEnvelope {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.alternatives ? { alternatives: this.alternatives } : {}),
      },
    };
  }
}
