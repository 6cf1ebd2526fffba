// /application/{id}/agreement: the consultancy's service agreement with this application's fees, and the
// data-protection consent, with the form that signs them (typed full name, an optional drawn signature, one box for
// the agreement and one for the consent). A plain form: it signs before the page's script has loaded too. Once
// signed: when, which version, the signed PDF and the public check's code and QR code.

import { deferred } from "../../components/deferred.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard } from "../../components/portal/BackToDashboard.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import type { AgreementProps } from "./agreementTypes.ts";

// The signed document's public check (its QR code and address): below the signature, loaded after the page is usable.
const SignatureCheck = deferred(() => import("../../components/portal/SignatureCheck.tsx").then((m) => ({ default: m.SignatureCheck })), {
  later: true,
});

const SignaturePad = deferred(() => import("../../components/portal/SignaturePad.tsx"), { later: true });

function Confirm({ name, label, error }: { name: string; label: string; error?: string }) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={name}
          type="checkbox"
          name={name}
          value="yes"
          required
          className="mt-1 h-5 w-5 shrink-0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
        />
        <label htmlFor={name} className="text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Agreement({ application: a, state, version, doc, hash, message, signed, refused }: AgreementProps) {
  const { csrfToken } = useShared();
  const errors = refused?.fields ?? {};
  const formShown = Boolean(doc) && (state === "none" || state === "old");
  return (
    <PortalLayout>
      <BackToDashboard />
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Service agreement and data-protection consent</h1>
      <p className="mb-6 text-slate-700">
        Application <span className="whitespace-nowrap font-mono">{a.reference}</span> · version {version}
      </p>
      {refused && !formShown ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      {state === "draft" ? (
        <Card>
          <p className="text-slate-700">Submit your application first: the agreement shows its fee, and you sign it before you pay.</p>
        </Card>
      ) : state === "no-fee" || !doc ? (
        <Card>
          <p role="alert" className="text-slate-700">
            {message ?? "The agreement cannot be shown right now."}
          </p>
        </Card>
      ) : (
        <>
          {state === "valid" && signed ? (
            <Card className="mb-6 border-green-300 bg-green-50">
              <h2 className="text-lg font-semibold text-slate-900">Signed</h2>
              <p className="mt-1 text-slate-800 wrap-anywhere">
                You signed version {signed.version} as {signed.typedName} on {formatDateTime(signed.at)}.
              </p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                <a href={signed.pdfUrl} className="font-semibold text-brand-800 underline">
                  Open the signed agreement (PDF)
                </a>
                <a href={`/payment/${a.id}`} className="font-semibold text-brand-800 underline">
                  Go to the payment page
                </a>
              </p>
              <SignatureCheck checkUrl={signed.checkUrl} qrSvg={signed.qrSvg} />
            </Card>
          ) : null}
          {state === "old" && signed ? (
            <Card className="mb-6 border-amber-300 bg-amber-50">
              <p role="status" className="text-slate-900">
                You signed version {signed.version} of our agreement on {formatDateTime(signed.at)}. It has changed since: please read this version
                and sign it before your next payment.
              </p>
            </Card>
          ) : null}
          <Card className="mb-6">
            <p className="mb-3 text-sm text-slate-700">
              Please read it through: it is short. Ask us in your messages if anything is unclear before you sign.
            </p>
            <article aria-label={doc.title} className="grid gap-4 wrap-anywhere">
              {[...doc.sections, doc.consent].map((s) => (
                <section key={s.heading}>
                  <h2 className="mb-1 text-lg font-semibold text-slate-900">{s.heading}</h2>
                  {s.paragraphs.map((p) => (
                    <p key={p} className="mb-2 text-slate-800">
                      {p}
                    </p>
                  ))}
                </section>
              ))}
              <p>
                <a href="/privacy" className="font-semibold text-brand-800 underline">
                  Read our privacy notice
                </a>
              </p>
            </article>
          </Card>
          {formShown ? (
            <Card>
              <form method="post" action={`/application/${a.id}/agreement`} aria-label="Sign the service agreement" className="grid gap-4">
                <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                <input type="hidden" name="hash" value={hash ?? ""} />
                {refused ? (
                  <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
                    {refused.message}
                  </p>
                ) : null}
                <Confirm name="agree" label={doc.confirmations.agreement} error={errors.agree} />
                <Confirm name="consent" label={doc.confirmations.consent} error={errors.consent} />
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
                <div>
                  <button type="submit" className={buttonClass("primary", "control")}>
                    Sign the agreement
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
