// The sentence a staff member confirms before a status change, which always e-mails the applicant.

const VERBS: Record<string, (reference: string) => string> = {
  approved: (r) => `Approve ${r}`,
  rejected: (r) => `Reject ${r}`,
  draft: (r) => `Return ${r} for changes`,
};

/**
 * "Approve VA-2026-QKULVQ and e-mail Adaeze Nwosu?", "Move VA-2026-QKULVQ to Under Review and e-mail Adaeze Nwosu?";
 * `to` is a move as the forms list it (its label is the lifecycle's name for it, as "Reopen").
 */
export function statusQuestion(to: { value: string; label: string }, reference: string, applicant: string): string {
  const action = to.label === "Reopen" ? `Reopen ${reference}` : (VERBS[to.value]?.(reference) ?? `Move ${reference} to ${to.label}`);
  return `${action} and e-mail ${applicant}?`;
}
