// The instalments' reminders as a crontab entry of the job worker: 09:00 in Lagos every day (a due date can fall on a
// weekend). A worker that was down then still runs it within four hours (`fill`); the claimed rows keep each reminder
// to one e-mail.

export const INSTALMENT_REMINDERS_TASK = "instalment_reminders";

/** 08:00 UTC is 09:00 in Lagos (UTC+1, no summer time). */
export const INSTALMENT_REMINDERS_CRONTAB = `0 8 * * * ${INSTALMENT_REMINDERS_TASK} ?fill=4h`;
