// The morning e-mail of late cases, as a crontab entry of the job worker: 08:00 in Lagos, Monday to Friday.

export const LATE_CASES_TASK = "late_cases_digest";

/**
 * 07:00 UTC is 08:00 in Lagos (UTC+1, no summer time). A worker that was down then still sends it within four hours
 * (`fill`), and the day's row keeps it to one e-mail per person.
 */
export const LATE_CASES_CRONTAB = `0 7 * * 1-5 ${LATE_CASES_TASK} ?fill=4h`;

/** The moment a run is for: the crontab's, or now for a run queued by hand. */
export function runMoment(payload: unknown): Date {
  const ts = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
  return ts ? new Date(ts) : new Date();
}
