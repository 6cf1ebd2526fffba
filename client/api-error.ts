// The error every failed call throws, with the server's message, status and field errors (views see it as ApiFailure).
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
