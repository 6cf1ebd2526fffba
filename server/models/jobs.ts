// The job queue's one write from the application: graphile-worker's add_job, in the caller's transaction.
import type { Knex } from "knex";

/** Queues `task` with `payload` (at `runAt`, or now); a second job with the same key replaces the first instead of running twice. */
export async function addJob(
  trx: Knex | Knex.Transaction,
  task: string,
  payload: Record<string, string>,
  options: { maxAttempts: number; jobKey: string; runAt?: Date },
): Promise<void> {
  await trx.raw("SELECT graphile_worker.add_job(?, ?::json, run_at := ?::timestamptz, max_attempts := ?, job_key := ?)", [
    task,
    JSON.stringify(payload),
    (options.runAt ?? new Date()).toISOString(),
    options.maxAttempts,
    options.jobKey,
  ]);
}

/**
 * Removes the pending job with this key, if any (a job already running finishes, and is not retried): "removed",
 * "running", or "none" when no job has the key (never queued, or done).
 */
export async function removeJob(trx: Knex | Knex.Transaction, jobKey: string): Promise<"removed" | "running" | "none"> {
  const { rows } = await trx.raw<{ rows: { id: string | null; locked_at: Date | null }[] }>(
    "SELECT j.id, j.locked_at FROM graphile_worker.remove_job(?) j",
    [jobKey],
  );
  const job = rows[0];
  if (!job?.id) return "none";
  return job.locked_at ? "running" : "removed";
}
