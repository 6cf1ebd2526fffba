// What comes next for one application, in words and as its card's main button (the applicant's dashboard).

import { formatDate } from "../../views/lib/format.ts";
import type { NextStep } from "../../views/pages/portal/types.ts";
import { submissionCheck } from "../domain/completeness.ts";
import { CHANGES_REQUESTED, paymentRefusal, wasReturned } from "../domain/status.ts";
import { WIZARD_STEPS } from "../domain/visa.ts";
import type { ApplicationRow } from "../models/applications.ts";

const DAY_MS = 24 * 60 * 60_000;

/** "less than a day", "1 day", "3 days": how long since `from`. */
export function durationSince(from: Date | string, now: Date): string {
  const days = Math.floor((now.getTime() - new Date(from).getTime()) / DAY_MS);
  if (days < 1) return "less than a day";
  return days === 1 ? "1 day" : `${days} days`;
}

/** What the dashboard knows beside the row: a bank transfer whose proof waits for staff. */
export interface NextStepFacts {
  transferChecking?: boolean;
  /** The bill counts as paid but an instalment due after lodging is still owed: its due day (YYYY-MM-DD). */
  instalmentDue?: string;
}

type Rule = (row: ApplicationRow, now: Date, facts: NextStepFacts) => NextStep | undefined;

const details = (row: ApplicationRow, label: string) => ({ label, href: `/application/${row.id}` });

const returned: Rule = (row) =>
  wasReturned(row)
    ? {
        text: "Our visa officer asked for changes: edit your answers, then review and submit again.",
        action: { label: `${CHANGES_REQUESTED} — edit and resubmit`, href: `/visa-application/${row.id}` },
      }
    : undefined;

const draft: Rule = (row) => {
  if (row.status !== "draft") return undefined;
  const total = WIZARD_STEPS.length;
  if (row.current_step >= total || submissionCheck(row).ok) {
    return {
      text: "Every step is filled in: check your answers and submit.",
      action: { label: "Submit", href: `/visa-application/${row.id}/review` },
    };
  }
  const step = Math.max(1, row.current_step);
  return {
    text: `Next: ${WIZARD_STEPS[step - 1]} (step ${step} of ${total}).`,
    action: { label: `Continue — step ${step} of ${total}`, href: `/visa-application/${row.id}` },
  };
};

/** The fee is being paid: its transfer's proof is with staff, and nothing more is asked of the applicant meanwhile. */
const transferChecking: Rule = (row, _now, facts) =>
  facts.transferChecking && paymentRefusal(row) === undefined
    ? {
        text: "We are checking your transfer: we confirm transfers within one working day and e-mail you either way.",
        action: { label: "See your transfer", href: `/payment/${row.id}` },
      }
    : undefined;

const fee: Rule = (row) =>
  paymentRefusal(row) === undefined
    ? {
        text:
          row.status === "approved"
            ? "Approved: pay the application fee to finish."
            : "Pay the application fee: a visa officer reviews your application once it is paid.",
        action: { label: "Pay the fee", href: `/payment/${row.id}` },
      }
    : undefined;

/** The bill counts as paid, and its instalment due after lodging is still to pay. */
const instalmentAfterLodging: Rule = (row, _now, facts) =>
  facts.instalmentDue && row.payment_status === "paid"
    ? {
        text: `The last instalment of your bill is due on ${formatDate(facts.instalmentDue)}.`,
        action: { label: "Pay the instalment", href: `/payment/${row.id}` },
      }
    : undefined;

const inReview: Rule = (row, now) =>
  (row.status === "submitted" || row.status === "under_review") && row.submitted_at
    ? { text: `Under review for ${durationSince(row.submitted_at, now)}. We will e-mail you when it changes.`, action: details(row, "View progress") }
    : undefined;

const decided: Rule = (row) => {
  if (row.status === "approved")
    return {
      text: "Approved. Your timeline shows each next step with the embassy.",
      action: { label: "See your timeline", href: `/application/${row.id}#after-approval` },
    };
  if (row.status === "rejected")
    return { text: "Not approved. You can start a new application from this one.", action: details(row, "See your options") };
  return undefined;
};

/**
 * The rules, most pressing first: the first that applies is the card's next step. Another kind of work waiting on
 * the applicant (documents staff request, with their due date) is one more rule, placed ahead of those it outranks.
 */
const RULES: readonly Rule[] = [returned, draft, transferChecking, fee, instalmentAfterLodging, inReview, decided];

export function nextStepOf(row: ApplicationRow, now = new Date(), facts: NextStepFacts = {}): NextStep {
  for (const rule of RULES) {
    const step = rule(row, now, facts);
    if (step) return step;
  }
  return { text: "Open the application to see where it stands.", action: details(row, "View application") };
}
