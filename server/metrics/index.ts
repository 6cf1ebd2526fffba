// The process's metrics: one registry with the counters the code moves (requests, sign-in, uploads, payments…) and
// Node's own (memory, event-loop delay). Labels are fixed words and route templates, never a person's id or address.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { passwordHashes } from "../auth/passwords.ts";

/** Shared by every app in the process: a counter counts what this process did, whichever app answered. */
export const processRegistry = new Registry();

let defaultsStarted = false;
/** Memory, CPU, handles, GC and event-loop delay (prom-client's default set), started once when /metrics is mounted. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry });
}

export const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route template (or unmatched) and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by method and route template.",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const signInFailures = new Counter({
  name: "sign_in_failures_total",
  help: "Sign-ins refused for a wrong e-mail or password.",
  registers: [processRegistry],
});

const twoFactorFailures = new Counter({
  name: "two_factor_failures_total",
  help: "Sign-in codes (authenticator or recovery) refused as wrong.",
  registers: [processRegistry],
});

const throttles = new Counter({
  name: "rate_limit_refusals_total",
  help: "Requests refused by a rate limit, by limit (signin-ip, signin-account, signup-ip, …).",
  labelNames: ["limit"] as const,
  registers: [processRegistry],
});

const uploads = new Counter({
  name: "uploads_total",
  help: "File uploads by kind (document, passport) and outcome (accepted, too_large, wrong_type, not_draft, invalid, not_found, error).",
  labelNames: ["kind", "outcome"] as const,
  registers: [processRegistry],
});

const payments = new Counter({
  name: "payments_total",
  help: "Payment attempts by provider and outcome.",
  labelNames: ["provider", "outcome"] as const,
  registers: [processRegistry],
});

const webhooks = new Counter({
  name: "webhooks_total",
  help: "Webhooks received (payment providers, WhatsApp), by provider and outcome.",
  labelNames: ["provider", "outcome"] as const,
  registers: [processRegistry],
});

new Gauge({
  name: "password_hashes",
  help: "Password hashes (sign-in, sign-up, password change) by state: running (at most two) or waiting their turn.",
  labelNames: ["state"] as const,
  registers: [processRegistry],
  collect() {
    const now = passwordHashes();
    this.set({ state: "running" }, now.running);
    this.set({ state: "waiting" }, now.waiting);
  },
});

export const countSignInFailure = () => signInFailures.inc();
export const countTwoFactorFailure = () => twoFactorFailures.inc();
export const countThrottle = (limit: string) => throttles.inc({ limit });
export const countUpload = (kind: "document" | "passport", outcome: string) => uploads.inc({ kind, outcome });
/** `provider` and `outcome` must be fixed words (paystack, demo; verified, declined, error…), never a reference. */
export const countPayment = (provider: string, outcome: string) => payments.inc({ provider, outcome });
export const countWebhook = (provider: string, outcome: string) => webhooks.inc({ provider, outcome });
