// /application/{id}/submitted: "What happens next" after submitting — the fee and how to pay it, the review and its
// usual time, how the applicant hears back; then the dashboard.

import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { CheckCircle2, CreditCard, LayoutDashboard } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { formatUsd } from "../../lib/format.ts";
import type { ApplicationSummary } from "./types.ts";

export interface SubmittedProps {
  /** `payable`: the fee can be paid now (not yet paid, and the application may still succeed). */
  application: ApplicationSummary & { fee: number; feeText?: string; payable: boolean };
  /** How long a review usually takes once the fee is paid ("3 working days"). */
  reviewTime: string;
  /** Where news of the application is sent. */
  email: string;
}

export default function Submitted({ application: a, reviewTime, email }: SubmittedProps) {
  return (
    <PortalLayout>
      <div className="mx-auto grid max-w-2xl gap-6">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden="true" className="mt-1 h-8 w-8 shrink-0 text-emerald-700" />
          <div>
            <h1 className="text-2xl font-bold text-slate-900">What happens next</h1>
            <p className="mt-1 text-slate-700">
              Your {a.visaTypeLabel.toLowerCase()} application has been submitted. Its reference is{" "}
              <strong className="font-mono text-slate-900">{a.reference}</strong>: quote it whenever you contact us.
            </p>
          </div>
        </div>
        <ol className="grid gap-4">
          <li>
            <Card className={a.payable ? "border-brand-600 bg-brand-50" : ""}>
              <h2 className="text-lg font-semibold text-slate-900">1. Pay the application fee</h2>
              {a.payable ? (
                <>
                  <p className="mt-1 text-slate-800">
                    The fee is {a.feeText ?? formatUsd(a.fee)}. Pay it online on the payment page, where the amount is confirmed before you pay; a
                    receipt is e-mailed to you.
                  </p>
                  <ButtonLink to={`/payment/${a.id}`} className="mt-4">
                    <CreditCard aria-hidden="true" className="h-4 w-4" />
                    Pay the fee
                  </ButtonLink>
                </>
              ) : (
                <p className="mt-1 text-slate-800">
                  {a.paymentStatus === "paid" ? "The fee is paid: nothing more to pay." : "No payment is due now."}
                </p>
              )}
            </Card>
          </li>
          <li>
            <Card>
              <h2 className="text-lg font-semibold text-slate-900">2. A visa officer reviews your application</h2>
              <p className="mt-1 text-slate-800">
                Once the fee is paid, a visa officer checks your answers and documents against the requirements of your destination, usually within{" "}
                {reviewTime}. If anything needs changing, it comes back to you with a note saying what.
              </p>
            </Card>
          </li>
          <li>
            <Card>
              <h2 className="text-lg font-semibold text-slate-900">3. We tell you</h2>
              <p className="mt-1 text-slate-800">
                Each time its status changes we e-mail you{email ? ` at ${email}` : ""}, and your dashboard shows where it stands and what to do next.
              </p>
            </Card>
          </li>
        </ol>
        <ButtonLink to="/dashboard" variant="outline" className="justify-self-start">
          <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
          Go to your dashboard
        </ButtonLink>
      </div>
    </PortalLayout>
  );
}
