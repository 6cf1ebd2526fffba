// Refuses passwords that are easy to guess: zxcvbn's estimate with its common-password and English dictionaries.
import { createRequire } from "node:module";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import type * as Common from "@zxcvbn-ts/language-common";
import type * as En from "@zxcvbn-ts/language-en";

const require = createRequire(import.meta.url);

/** Applicants: at least 8 characters; staff: at least 12 (they can open every passport). */
export const PASSWORD_MIN = 8;
export const STAFF_PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/**
 * zxcvbn's score runs from 0 (in the first thousand guesses) to 4. Score 2 resists about 10^8 guesses: enough where
 * sign-in is throttled (an online attacker gets a few dozen tries an hour), not where a stolen hash is attacked
 * offline, which argon2id slows instead. Staff need 3.
 */
const MIN_SCORE = { applicant: 2, staff: 3 } as const;

// The dictionaries take about 300 ms and 11 MB of heap to load: once, on first use (a sign-up or a password change,
// never a page view), on the server only. Required, not imported, so that loading them waits for that use.
let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  if (estimator) return estimator;
  const common: typeof Common = require("@zxcvbn-ts/language-common");
  const en: typeof En = require("@zxcvbn-ts/language-en");
  estimator = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator;
}

/** The words of the person's own details: a password built from their name or address is easy to guess. */
function personalWords(details: string[]): string[] {
  return details.flatMap((d) => d.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
}

/** Why `password` may not be used (length, or a reason it is easy to guess), or undefined when it may. */
export function passwordProblem(password: string, details: string[] = [], who: keyof typeof MIN_SCORE = "applicant"): string | undefined {
  const min = who === "staff" ? STAFF_PASSWORD_MIN : PASSWORD_MIN;
  if (password.length < min) return `Password must be at least ${min} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const result = zxcvbn().check(password, personalWords(details));
  if (result.score >= MIN_SCORE[who]) return undefined;
  const why = result.feedback.warning ?? "This password is easy to guess.";
  const tip = result.feedback.suggestions[0] ?? "Add another word or two that are not about you.";
  return `${why.replace(/\.?$/, ".")} ${tip}`;
}
