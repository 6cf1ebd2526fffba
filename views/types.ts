// What every page shares with the server (the user, the site, flash messages) and the calls views receive; the page
// object itself is in pageData.ts.
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  /** Has a staff role (either): the Admin Panel link, staff passwords, two-factor required. */
  isAdmin: boolean;
  /** "admin" is the manager; "case_officer" works the cases assigned to them. */
  staffRole: "admin" | "case_officer" | null;
  /** Two-factor sign-in is on (staff must have it to reach the admin panel). */
  twoFactor: boolean;
}

export interface Flash {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface SiteInfo {
  name: string;
  phone: string;
  emailInfo: string;
  emailSupport: string;
  address: { street: string; locality: string; region: string; country: string };
  whatsapp: string;
  social: { facebook?: string; instagram?: string; twitter?: string; linkedin?: string };
}

export interface Shared {
  user: SessionUser | null;
  csrfToken: string | null;
  flash: Flash | null;
  site: SiteInfo;
  /** Idle session lifetime in ms, for the "you will be signed out" warning. */
  sessionIdleMs?: number;
  /** Admin pages only: what staff must know about payments. */
  staffNotices?: StaffNotices;
}

export interface StaffNotices {
  /** Production with only the demo card: no money moves. */
  paymentsSimulated: boolean;
  /** Fees are charged in Naira and no exchange rate was ever set: nobody can pay. */
  exchangeRateMissing: boolean;
}

/** What a failed API call throws (client/api.ts implements it). */
export interface ApiFailure extends Error {
  status: number;
  fields: Record<string, string>;
}

/** The fetch wrapper views receive through context: JSON or FormData in, JSON out, CSRF handled. */
export type ApiCall = <T = unknown>(method: string, url: string, body?: Record<string, unknown> | FormData) => Promise<T>;

/** Uploads a multipart form with progress (0..1); resolves with the JSON answer or rejects with an ApiFailure. */
export type UploadCall = <T = unknown>(url: string, form: FormData, onProgress?: (fraction: number) => void) => Promise<T>;

/** Where a resumable upload goes: a draft, which of its files, and the upload's other fields (document_type …). */
export interface UploadTarget {
  applicationId: string;
  kind: "document" | "passport_scan" | "photo";
  fields?: Record<string, string>;
}

/**
 * Sends a file resumably (a large photo shrunk first) with progress (0..1), and `onWaiting` while the connection is
 * gone; resolves with the JSON answer or rejects with an ApiFailure. `prepare` fetches its code ahead of the first file.
 */
export interface ResumableUpload {
  send: <T = unknown>(target: UploadTarget, file: File, events: { onProgress: (fraction: number) => void; onWaiting?: () => void }) => Promise<T>;
  prepare: () => void;
}
