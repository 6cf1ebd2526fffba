// The job worker: graphile-worker runs the outbox's send jobs, the payment jobs, document request, consultation and
// visa-centre appointment reminders (retries with exponential backoff), every ten minutes deletes the resumable
// uploads left unfinished for an hour, every working morning e-mails each staff member their late cases, reads
// uploaded passport scans' machine-readable zone when that is on (the OCR workers are loaded on the first scan and
// kept for the next ones), checks uploaded passport photos against the destination's photo rules, and fetches the
// photos and documents clients send on WhatsApp.
import { Logger as GraphileLogger, run } from "graphile-worker";
import type { Knex } from "knex";
import type { Logger } from "pino";
import { sendLateCaseDigests } from "../actions/applications/sendLateCaseDigests.ts";
import { APPOINTMENT_REMINDER_TASK, type AppointmentReminderJob, sendAppointmentReminder } from "../actions/caseStages/appointmentReminders.ts";
import { expireHold } from "../actions/consultations/expireHold.ts";
import { BOOKING_HOLD_TASK } from "../actions/consultations/holds.ts";
import { BOOKING_REMINDER_TASK, type ReminderLead } from "../actions/consultations/reminders.ts";
import { sendReminder } from "../actions/consultations/sendReminder.ts";
import { remindDueRequests } from "../actions/documentRequests/remindDueRequests.ts";
import { checkPhoto, PHOTO_CHECK_TASK } from "../actions/passport/checkPhoto.ts";
import { PASSPORT_READ_TASK, readPassportScan } from "../actions/passport/readPassportScan.ts";
import { openDedicatedAccount, receiveDedicatedTransfer } from "../actions/payments/dedicatedAccounts.ts";
import { reconcilePaystackPayment, verifyPaystackPayment } from "../actions/payments/paystack.ts";
import { remindInstalments } from "../actions/payments/remindInstalments.ts";
import { type NoticeJob, PHONE_NOTICE_TASK, PHONE_SEND_TASK, sendNoticeOfMail, WHATSAPP_SEND_TASK } from "../channels/phoneMessages.ts";
import { sendPhoneMessage } from "../channels/phoneSend.ts";
import { fetchWhatsappMedia, WHATSAPP_MEDIA_TASK } from "../channels/whatsappMedia.ts";
import type { Config } from "../config.ts";
import { deliver } from "../mail/deliver.ts";
import { createOutbox } from "../mail/outbox.ts";
import { SEND_TASK } from "../mail/queue.ts";
import { createTransport } from "../mail/transport.ts";
import { stopOcr } from "../passport/ocr.ts";
import { DEDICATED_ACCOUNT_TASK, DEDICATED_TRANSFER_TASK, RECONCILE_TASK, VERIFY_TASK } from "../payments/tasks.ts";
import { CLEAN_UPLOADS_CRONTAB, CLEAN_UPLOADS_TASK, cleanUnfinishedUploads } from "../storage/resumable.ts";
import { createStorage } from "../storage/select.ts";
import type { Storage } from "../storage/storage.ts";
import { INSTALMENT_REMINDERS_CRONTAB, INSTALMENT_REMINDERS_TASK } from "./instalmentReminders.ts";
import { LATE_CASES_CRONTAB, LATE_CASES_TASK, runMoment } from "./lateCases.ts";
import { REQUEST_REMINDER_TASK } from "./requestReminders.ts";

export interface JobWorker {
  stop: () => Promise<void>;
}

function graphileLogger(logger: Logger) {
  // Its own failure lines repeat what deliver() already logged: kept at debug.
  return new GraphileLogger(() => (level, message) => {
    if (level === "error") logger.error(message);
    else logger.debug(message);
  });
}

export async function startJobWorker(opts: {
  connectionString: string;
  db: Knex;
  config: Config;
  logger: Logger;
  baseUrl: string;
  pollIntervalMs?: number;
  storage?: Storage;
}): Promise<JobWorker> {
  const { config } = opts;
  const transport = createTransport({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    dir: config.mail.dir,
    domain: config.site.emailInfo.split("@")[1],
    connections: config.mail.concurrency,
  });
  const deps = { db: opts.db, config, logger: opts.logger, transport, baseUrl: opts.baseUrl };
  const storage = opts.storage ?? createStorage(config);
  const actions = { db: opts.db, config, logger: opts.logger, outbox: createOutbox(config.mail, config.channels) };
  const runner = await run({
    connectionString: opts.connectionString,
    concurrency: config.mail.concurrency,
    maxPoolSize: config.mail.concurrency + 2,
    noHandleSignals: true,
    pollInterval: opts.pollIntervalMs ?? 2000,
    logger: graphileLogger(opts.logger),
    crontab: [CLEAN_UPLOADS_CRONTAB, LATE_CASES_CRONTAB, INSTALMENT_REMINDERS_CRONTAB].join("\n"),
    taskList: {
      [SEND_TASK]: async (payload, helpers) => {
        const { messageId } = payload as { messageId: string };
        await deliver(deps, messageId, helpers.job.attempts, helpers.job.max_attempts);
      },
      // A Paystack error throws: graphile-worker tries again later.
      [VERIFY_TASK]: async (payload) => {
        await verifyPaystackPayment(actions, { userId: null, via: "system" }, (payload as { reference: string }).reference);
      },
      [RECONCILE_TASK]: async (payload) => {
        await reconcilePaystackPayment(actions, (payload as { paymentId: string }).paymentId);
      },
      [DEDICATED_ACCOUNT_TASK]: async (payload) => {
        await openDedicatedAccount(actions, (payload as { userId: string }).userId);
      },
      [DEDICATED_TRANSFER_TASK]: async (payload) => {
        await receiveDedicatedTransfer(actions, (payload as { reference: string }).reference);
      },
      [BOOKING_HOLD_TASK]: async (payload) => {
        await expireHold(actions, payload as { bookingId: string });
      },
      [BOOKING_REMINDER_TASK]: async (payload) => {
        await sendReminder(actions, payload as { bookingId: string; lead: ReminderLead });
      },
      [APPOINTMENT_REMINDER_TASK]: async (payload) => {
        await sendAppointmentReminder(actions, payload as AppointmentReminderJob);
      },
      [CLEAN_UPLOADS_TASK]: async () => {
        const deleted = await cleanUnfinishedUploads(opts.db, config);
        if (deleted) opts.logger.info({ deleted }, "unfinished resumable uploads deleted");
      },
      [LATE_CASES_TASK]: async (payload) => {
        const { sent } = await sendLateCaseDigests(actions, runMoment(payload));
        if (sent) opts.logger.info({ sent }, "late cases e-mailed to staff");
      },
      [INSTALMENT_REMINDERS_TASK]: async (payload) => {
        const { reminded } = await remindInstalments(actions, runMoment(payload));
        if (reminded) opts.logger.info({ reminded }, "instalment reminders queued");
      },
      [PHONE_NOTICE_TASK]: async (payload) => {
        await sendNoticeOfMail(opts.db, config.channels, payload as NoticeJob);
      },
      [PHONE_SEND_TASK]: async (payload, helpers) => {
        await sendPhoneMessage(deps, (payload as { id: string }).id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
      },
      [WHATSAPP_SEND_TASK]: async (payload, helpers) => {
        await sendPhoneMessage(deps, (payload as { id: string }).id, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
      },
      [WHATSAPP_MEDIA_TASK]: async (payload, helpers) => {
        const attempt = { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
        await fetchWhatsappMedia({ db: opts.db, config, storage, logger: opts.logger }, (payload as { id: string }).id, attempt);
      },
      [PASSPORT_READ_TASK]: async (payload) => {
        await readPassportScan({ db: opts.db, storage, logger: opts.logger }, payload as { applicationId: string; scanPath: string });
      },
      [PHOTO_CHECK_TASK]: async (payload) => {
        await checkPhoto({ db: opts.db, storage, logger: opts.logger }, payload as { applicationId: string; photoPath: string });
      },
      [REQUEST_REMINDER_TASK]: async (payload) => {
        await remindDueRequests(actions, { userId: null, via: "system" }, payload as { applicationId: string; dueOn: string });
      },
    },
  });
  return {
    stop: async () => {
      await runner.stop();
      transport.close();
      await stopOcr();
    },
  };
}
