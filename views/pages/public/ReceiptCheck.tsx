// /receipts and /receipts/<code>: anyone (an embassy, a sponsor, family) checks that a receipt is genuine. The answer
// names the application, the amount, the day and initials, nothing more; the form is a plain GET (no script needed).

import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import { BadgeCheck, SearchX } from "../../components/ui/icons.ts";
import type { PublicPageProps } from "./types.ts";

export type ReceiptCheckResult = { genuine: true; line: string; refund: string | null } | { genuine: false; message: string };

export interface ReceiptCheckProps extends PublicPageProps {
  /** The code looked up, as normalised ("" on the empty form). */
  code: string;
  /** null: nothing looked up yet. */
  result: ReceiptCheckResult | null;
}

export default function ReceiptCheck({ year, code, result }: ReceiptCheckProps) {
  return (
    <SiteLayout year={year}>
      <section className="py-16 sm:py-20" aria-labelledby="receipt-check-heading">
        <div className={`${container} max-w-2xl`}>
          <h1 id="receipt-check-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Check a receipt
          </h1>
          <p className="mt-3 text-slate-700">
            Every receipt we issue carries a code and a QR code. Type the code to see whether the receipt is genuine.
          </p>
          {result ? (
            <div
              role="status"
              className={`mt-6 flex gap-3 rounded-2xl border p-5 ${result.genuine ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50"}`}
            >
              {result.genuine ? (
                <BadgeCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-green-800" />
              ) : (
                <SearchX aria-hidden="true" className="h-6 w-6 shrink-0 text-red-800" />
              )}
              <div>
                <p className="font-semibold text-slate-900">{result.genuine ? result.line : result.message}</p>
                {result.genuine && result.refund ? <p className="mt-1 font-semibold text-red-800">{result.refund}</p> : null}
              </div>
            </div>
          ) : null}
          <form method="get" action="/receipts" className="mt-8 grid gap-3 sm:max-w-md" aria-label="Check a receipt">
            <label htmlFor="receipt-code" className="text-sm font-medium text-slate-800">
              Receipt code
            </label>
            <input
              id="receipt-code"
              name="code"
              defaultValue={code}
              required
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 font-mono uppercase tracking-wider text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
            />
            <div>
              <button type="submit" className={buttonClass("primary", "md")}>
                Check
              </button>
            </div>
          </form>
        </div>
      </section>
    </SiteLayout>
  );
}
