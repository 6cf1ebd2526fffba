// The service agreement of one application as its applicant reads it now (this application's fees from its bill), the
// hash of exactly that, and whether the version in force is signed: `valid` (signed), `old` (an older version signed
// only: asked again), `none`. A draft has no fee to show yet; a bill that cannot be quoted now (no exchange rate) says so.
import type { Knex } from "knex";
import { type AgreementDocument, SERVICE_AGREEMENT_VERSION, serviceAgreement } from "../../../views/content/serviceAgreement.ts";
import { instalmentTitle } from "../../../views/lib/bill.ts";
import { formatMinor } from "../../../views/lib/money.ts";
import type { Config } from "../../config.ts";
import { agreementHash } from "../../domain/agreements.ts";
import { isPassThrough, LINE_KIND_LABELS } from "../../domain/bill.ts";
import { type AgreementSignatureRow, agreementOfVersion, latestAgreement } from "../../models/agreementSignatures.ts";
import type { ApplicationRow } from "../../models/applications.ts";
import { visaTypeLabel } from "../../presenters/application.ts";
import { instalmentViews } from "../../presenters/instalments.ts";
import { billNow } from "../payments/quote.ts";

export type AgreementState =
  | { state: "draft" }
  | { state: "no-fee"; message: string; row: AgreementSignatureRow | null }
  | { state: "none" | "valid" | "old"; doc: AgreementDocument; hash: string; row: AgreementSignatureRow | null };

export async function agreementState(db: Knex, config: Config, app: ApplicationRow): Promise<AgreementState> {
  if (app.status === "draft") return { state: "draft" };
  const signed = await agreementOfVersion(db, app.id, SERVICE_AGREEMENT_VERSION);
  const row = signed ?? (await latestAgreement(db, app.id)) ?? null;
  const quoted = await billNow(db, config, app);
  if (!quoted.ok) return { state: "no-fee", message: quoted.message, row };
  const { bill, instalments } = quoted;
  const doc = serviceAgreement({
    siteName: config.site.name,
    applicantName: app.full_name ?? "",
    reference: app.reference_number,
    visaTypeLabel: visaTypeLabel(app.visa_type),
    destination: app.destination_country ?? "",
    // The site's configured address, never the request's: the same text (and hash) whoever asks, however they arrive.
    privacyUrl: `${config.publicUrl ?? ""}/privacy`,
    fees: {
      lines: bill.lines.map((l) => ({
        label: l.kind === "service" ? "Our service fee" : l.label === LINE_KIND_LABELS[l.kind] ? l.label : `${LINE_KIND_LABELS[l.kind]}: ${l.label}`,
        amountText: formatMinor(l.amountMinor, l.currency),
        passThrough: isPassThrough(l.kind),
      })),
      totalText: formatMinor(bill.totalMinor, bill.currency),
      passThroughText: bill.passThroughMinor > 0 ? formatMinor(bill.passThroughMinor, bill.currency) : null,
      instalments: instalmentViews(instalments, bill.currency).map((i) => ({
        title: instalmentTitle(i),
        amountText: i.amountText,
        dueText: i.dueText,
      })),
    },
  });
  return { state: signed ? "valid" : row ? "old" : "none", doc, hash: agreementHash(doc), row };
}
