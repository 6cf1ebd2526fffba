// The one way from bad input to a 400: a zod schema checks the input, each failing field gets its own message.
import type { ZodError, ZodType } from "zod";
import { HttpError } from "../middleware/errors.ts";

export type FieldErrors = Record<string, string>;

/** Each failing field (nested paths joined with dots) mapped to its first message; "_" for the input as a whole. */
export function fieldErrors(err: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of err.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}

/** A 400 whose message is the one given, or else the first field's message, so the toast names a real problem. */
export function invalidInput(fields: FieldErrors, message?: string): HttpError {
  return new HttpError(400, message ?? Object.values(fields)[0] ?? "Please check the form.", fields);
}

/** Checks input without throwing, for answers that are not JSON (the plain form posts of sign-in and sign-up). */
export function checkInput<T>(schema: ZodType<T>, input: unknown): { ok: true; data: T } | { ok: false; fields: FieldErrors } {
  const result = schema.safeParse(input ?? {});
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: fieldErrors(result.error) };
}

/** Checks input and throws the 400 `{ error: { message, fields } }` the error handler sends. */
export function parseInput<T>(schema: ZodType<T>, input: unknown, message?: string): T {
  const result = checkInput(schema, input);
  if (!result.ok) throw invalidInput(result.fields, message);
  return result.data;
}
