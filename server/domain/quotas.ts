// Per-applicant limits: drafts open at once and bytes of stored files (configurable), checklists kept, resumable uploads
// in progress; the messages past them.
export interface Quotas {
  openDrafts: number;
  storageBytes: number;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const tooManyDrafts = (q: Quotas) =>
  `You already have ${q.openDrafts} applications in progress. Submit or finish one before starting another.`;

export const storageFull = (q: Quotas) =>
  `Your documents would take more than the ${mb(q.storageBytes)} MB allowed per applicant. Remove a document you no longer need, then try again.`;

/** Checklists one applicant keeps: far more than a person plans trips, few enough that a script cannot fill the table. */
export const MAX_CHECKLISTS = 50;

export const tooManyChecklists = `You already have ${MAX_CHECKLISTS} checklists, the most one account can keep. Open one of them from your dashboard and continue it instead.`;

/**
 * Resumable uploads one applicant may have in progress at once: a wizard sends one file at a time, and a few spare
 * places cover uploads a closed tab left behind until they expire. Each holds up to its declared length of spool.
 */
export const MAX_OPEN_UPLOADS = 5;

export const tooManyUploads = `You already have ${MAX_OPEN_UPLOADS} uploads in progress, the most at once. Let them finish, or try again within the hour, when unfinished ones are cleared.`;
