// A refused call's message, HTTP status and per-field errors: its own module so that the lazily loaded upload code
// (client/resumable-upload.ts) can throw it without importing client/api.ts, which loads that code.
import type { ApiFailure } from "../views/types.ts";

export class ApiError extends Error implements ApiFailure {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}
