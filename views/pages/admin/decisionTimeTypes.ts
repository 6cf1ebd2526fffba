// Props of the usual decision times' settings page (admin/DecisionTimeSettings) and of the late-at-the-embassy list
// (admin/LateAtEmbassy), shared with their controller.

export interface DecisionTimeEntry {
  destination: string;
  /** As typed or saved; "" when not set. */
  usualDays: string;
  source: string;
  checkedOn: string;
  /** "Set by Folake Adeyemi, 3 Dec 2026", or null when never set. */
  updated: string | null;
}

export interface DecisionTimeSettingsProps {
  destinations: DecisionTimeEntry[];
  /** Today in Lagos: the latest day a figure can have been checked. */
  today: string;
  /** A refused form: which destination, its message and per-field messages (the typed values are in `destinations`). */
  refused: { destination: string; message: string; fields: Record<string, string> } | null;
  /** Where the success stories page's visas issued and success rate come from, as saved or as typed when refused. */
  publicFigures: { source: "written" | "decisions"; months: string; error: string | null };
}

export interface LateAtEmbassyEntry {
  id: string;
  caseHref: string;
  name: string;
  reference: string;
  destination: string;
  /** "Lodged 3 Jan 2027: 45 days waiting, usually 15". */
  line: string;
  officer: string;
}

export interface LateAtEmbassyProps {
  /** A manager's choice of officer ("" everyone); null for an officer, whose list is their own cases. */
  staffOptions: { value: string; label: string }[] | null;
  staff: string;
  entries: LateAtEmbassyEntry[];
  limit: number;
  /** Destinations of the list without a usual time set (their cases cannot be late yet). */
  unset: string[];
  /** Managers set the usual times. */
  mayEdit: boolean;
}
