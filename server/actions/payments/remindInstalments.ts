// The reminders of a split bill's instalments: three days before and on the due day, each instalment's e-mail (and,
// through the outbox, its notice on the phone channel the applicant chose) queued once, however often the job runs.
import { formatDate } from "../../../views/lib/format.ts";
import { addDays, lagosDay } from "../../domain/calendar.ts";
import { PAYABLE_STATUSES } from "../../domain/status.ts";
import { currentRate } from "../../models/exchangeRates.ts";
import { claimReminder, unpaidDueOn } from "../../models/instalments.ts";
import type { ActionContext } from "../action.ts";
import { chargedText } from "./chargedNow.ts";

/** The reminders due on the Lagos day of `at`: how many were queued now. */
export async function remindInstalments({ db, config, outbox }: ActionContext, at: Date): Promise<{ reminded: number }> {
  const today = lagosDay(at);
  // An instalment of a bill split under the other PAYMENT_CURRENCY is asked for as it is charged now (chargedNow.ts).
  const amountText = chargedText(config.payments.currency, await currentRate(db));
  let reminded = 0;
  for (const [lead, day] of [
    ["3d", addDays(today, 3)],
    ["due", today],
  ] as const) {
    for (const row of await unpaidDueOn(db, day, PAYABLE_STATUSES)) {
      const queued = await db.transaction(async (trx) => {
        if (!(await claimReminder(trx, row.id, lead))) return false;
        await outbox.queue(trx, {
          kind: "instalment_due",
          to: row.email,
          userId: row.user_id,
          applicationId: row.application_id,
          data: {
            name: row.name,
            reference: row.reference_number,
            applicationId: row.application_id,
            amount: amountText(row.amount_minor, row.currency),
            due: formatDate(row.due_on),
            position: row.position,
            count: row.count,
            lead,
          },
        });
        return true;
      });
      if (queued) reminded++;
    }
  }
  return { reminded };
}
