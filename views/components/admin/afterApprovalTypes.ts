// The props of the staff's "After approval" section (views/components/admin/AfterApproval.tsx).

export type StageName = "lodged" | "appointment" | "biometrics" | "passport_held" | "decision" | "passport_returned";

export interface StageEntry {
  id: string;
  stage: StageName;
  title: string;
  state: "done" | "skipped";
  /** What was recorded, in one line. */
  line: string;
  recordedBy: string;
  recordedAt: string;
  correctedAt: string | null;
  /** A moved or missed appointment: kept in the list, ended. */
  ended: { as: "moved" | "missed"; by: string; at: string } | null;
  file: { name: string; url: string } | null;
  /** Recorded less than a day ago (and still current): its form can correct it. */
  correctable: boolean;
  /** Skipped less than a day ago, and no later stage recorded or skipped: the skip can be undone. */
  undoable: boolean;
  /** Its facts as the form's fields, for a correction. */
  values: Record<string, string>;
}

export interface Option {
  value: string;
  label: string;
}

export interface AfterApprovalProps {
  applicationId: string;
  /** Stages are recorded only on an approved application. */
  approved: boolean;
  entries: StageEntry[];
  /** The stage to record next (null once every stage is settled). */
  next: { stage: StageName; title: string; skippable: boolean } | null;
  /** The current appointment while biometrics are not recorded: it can be moved, or marked missed once passed. */
  appointmentOpen: { id: string; passed: boolean } | null;
  portals: (Option & { hint: string | null })[];
  centres: Option[];
  returnMethods: Option[];
  /** The applicant's signature of the answer sheet, which "Form lodged" needs (a manager may override with a reason). */
  signature: { state: "no-sheet" | "none" | "valid" | "void"; signedAt: string | null; pdfUrl: string | null; mayOverride: boolean };
  /** A refused form: which form (its key), the message, per-field messages and what was typed. */
  refused: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> } | null;
  /**
   * Lodged, no decision yet, and its destination has a usual decision time: the days waiting against it. `late` once
   * past the usual days (exactly the usual days is not late yet).
   */
  embassyWait?: { late: boolean; line: string } | null;
}
