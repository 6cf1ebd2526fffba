// The props of the visa centres' settings page (admin/CentreSettings).

export interface CentreSettingsProps {
  centres: { id: string; name: string; address: string; whatToBring: string; active: boolean }[];
  /** A refused form: which (a centre's id, or "new"), its message, per-field messages and what was typed. */
  refused: { form: string; message: string; fields: Record<string, string>; values: Record<string, string> } | null;
}
