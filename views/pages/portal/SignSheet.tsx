// /application/{id}/sign: the answers staff will lodge on the government's form, in plain words, and the form that
// signs them (typed full name, an optional drawn signature, a confirmation). A plain form: it signs before the page's
// script has loaded too. Once signed: when, the signed PDF and the public check's code and QR code; an answer changed
// after signing voids the signature and the form is shown again.

import { deferred } from "../../components/deferred.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { SignSheetProps } from "./signTypes.ts";

// The signed document's public check (its QR code and address): below the signature, loaded after the page is usable.
const SignatureCheck = deferred(() => import("../../components/portal/SignatureCheck.tsx").then((m) => ({ default: m.SignatureCheck })), {
  later: true,
});

const SignaturePad = deferred(() => import("../../components/portal/SignaturePad.tsx"), { later: true });

export default function SignSheet({ application: a, state, sheet, hash, signed, refused }: SignSheetProps) {
  const { csrfToken } = useShared();
  const errors = refused?.fields ?? {};
  // A refusal is shown beside the form; where there is no form to show (not approved, already signed), above all.
  const formShown = Boolean(sheet) && (state === "none" || state === "void");
  return (
    <PortalLayout>
      <BackToDashboard />
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Review and sign what we will lodge</h1>
      <p className="mb-6 text-slate-700">
        Application <span className="whitespace-nowrap font-mono">{a.reference}</span>
      </p>
      {refused && !formShown ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      {state === "not-approved" ? (
        <Card>
          <p className="text-slate-700">You can sign the answers we will lodge once your application is approved.</p>
        </Card>
      ) : state === "no-sheet" || !sheet ? (
        <Card>
          <p className="text-slate-700">We do not keep this destination's form here yet: we will send you the form to sign.</p>
        </Card>
      ) : (
        <>
          {state === "valid" && signed ? (
            <Card className="mb-6 border-green-300 bg-green-50">
              <h2 className="text-lg font-semibold text-slate-900">Signed</h2>
              <p className="mt-1 text-slate-800 wrap-anywhere">
                You signed these answers as {signed.typedName} on {formatDateTime(signed.at)}.
              </p>
              <p className="mt-2">
                <a href={signed.pdfUrl} className="font-semibold text-brand-800 underline">
                  Open the signed answer sheet (PDF)
                </a>
              </p>
              <SignatureCheck checkUrl={signed.checkUrl} qrSvg={signed.qrSvg} />
            </Card>
          ) : null}
          {state === "void" ? (
            <Card className="mb-6 border-amber-300 bg-amber-50">
              <p role="status" className="text-slate-900">
                An answer changed after you signed, so your signature no longer stands. Please read the answers again and sign.
              </p>
            </Card>
          ) : null}
          <Card className="mb-6">
            <h2 className="text-lg font-semibold text-slate-900 wrap-anywhere">{sheet.form}</h2>
            <p className="mt-1 mb-3 text-sm text-slate-700">
              Your answers as we will write them on the form. Where it says what is still needed, we will ask you before lodging.
            </p>
            <ol className="divide-y divide-slate-200">
              {sheet.questions.map((q) => (
                <li key={`${q.number ?? ""}-${q.question}`} className="py-2 wrap-anywhere">
                  <p className="text-sm font-semibold text-slate-700">{q.number ? `${q.number}. ${q.question}` : q.question}</p>
                  <p className={q.answered ? "text-slate-900 whitespace-pre-line" : "text-amber-800"}>{q.answer}</p>
                </li>
              ))}
            </ol>
          </Card>
          {formShown ? (
            <Card>
              <form method="post" action={`/application/${a.id}/sign`} aria-label="Sign the answer sheet" className="grid gap-4">
                <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                <input type="hidden" name="hash" value={hash ?? ""} />
                {refused ? (
                  <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                    {refused.message}
                  </p>
                ) : null}
                <TextField
                  id="typed-name"
                  label="Type your full name"
                  name="typedName"
                  required
                  autoComplete="name"
                  defaultValue={refused?.typedName ?? ""}
                  hint={a.fullName ? `As on your application: ${a.fullName}` : undefined}
                  error={errors.typedName}
                />
                <SignaturePad error={errors.drawing} />
                <div className="flex items-start gap-2">
                  <input
                    id="confirm"
                    type="checkbox"
                    name="confirm"
                    value="yes"
                    required
                    className="mt-1 h-5 w-5"
                    aria-invalid={errors.confirm ? true : undefined}
                    aria-describedby={errors.confirm ? "confirm-error" : undefined}
                  />
                  <label htmlFor="confirm" className="text-slate-800">
                    I confirm these answers are true and complete, and the consultancy may lodge them on the form.
                  </label>
                </div>
                {errors.confirm ? (
                  <p id="confirm-error" className="text-sm text-red-800">
                    {errors.confirm}
                  </p>
                ) : null}
                <div>
                  <button type="submit" className={buttonClass("primary", "control")}>
                    Sign the answer sheet
                  </button>
                </div>
              </form>
            </Card>
          ) : null}
        </>
      )}
    </PortalLayout>
  );
}
