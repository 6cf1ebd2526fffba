// Per-applicant limits (configurable): drafts open at once and bytes of stored files, with the messages past them.
export interface Quotas {
  openDrafts: number;
  storageBytes: number;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const tooManyDrafts = (q: Quotas) =>
  `You already have ${q.openDrafts} applications in progress. Submit or finish one before starting another.`;

export const storageFull = (q: Quotas) =>
  `Your documents would take more than the ${mb(q.storageBytes)} MB allowed per applicant. Remove a document you no longer need, then try again.`;
