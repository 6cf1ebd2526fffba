// The props of the applicant's page that signs the answer sheet (portal/SignSheet) and the public check of a signature.

export interface SignedQuestionView {
  number: string | null;
  question: string;
  answer: string;
  answered: boolean;
}

export interface SignSheetProps {
  application: { id: string; reference: string; fullName: string | null };
  /** not-approved: nothing to sign yet; no-sheet: no sheet is kept for the destination; void: signed, then an answer changed. */
  state: "not-approved" | "no-sheet" | "none" | "valid" | "void";
  /** The sheet as it stands, in plain words, and the hash of exactly this content (sent back when signing). */
  sheet: { form: string; questions: SignedQuestionView[] } | null;
  hash: string | null;
  /** The current signature (valid) or the last one (void). */
  signed: { at: string; typedName: string; pdfUrl: string; checkUrl: string; qrSvg: string } | null;
  refused: { message: string; fields: Record<string, string>; typedName: string } | null;
}

export type SignatureCheckResult = { genuine: true; line: string } | { genuine: false; message: string };
