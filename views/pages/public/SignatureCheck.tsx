// /signatures/<code>: anyone holding a signed answer sheet checks it by its code or QR code. The answer says who signed
// (initials), the day and whether the document's hash matches: nothing more.

import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { container } from "../../components/ui/button.ts";
import { BadgeCheck, SearchX } from "../../components/ui/icons.ts";
import type { SignatureCheckResult } from "../portal/signTypes.ts";
import type { PublicPageProps } from "./types.ts";

export interface SignatureCheckProps extends PublicPageProps {
  code: string;
  result: SignatureCheckResult;
}

export default function SignatureCheck({ year, code, result }: SignatureCheckProps) {
  return (
    <SiteLayout year={year}>
      <section className="py-16 sm:py-20" aria-labelledby="signature-check-heading">
        <div className={`${container} max-w-2xl`}>
          <h1 id="signature-check-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Check a signed document
          </h1>
          <p className="mt-3 text-slate-700 wrap-anywhere">
            Code <span className="font-mono">{code}</span>
          </p>
          <div
            role="status"
            className={`mt-6 flex gap-3 rounded-2xl border p-5 ${result.genuine ? "border-green-300 bg-green-50" : "border-red-300 bg-red-50"}`}
          >
            {result.genuine ? (
              <BadgeCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-green-800" />
            ) : (
              <SearchX aria-hidden="true" className="h-6 w-6 shrink-0 text-red-800" />
            )}
            <p className="font-semibold text-slate-900">{result.genuine ? result.line : result.message}</p>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
