// The props of the lead applicant's family page (portal/Family): everyone in the group with their progress, the form
// that adds a member, and the form that submits those ready.

export interface FamilyPerson {
  id: string;
  reference: string;
  name: string | null;
  /** The lead applicant's own application (the one signed in). */
  lead: boolean;
  /** "Lead applicant (you)", "Child", "Other relative: niece". */
  relation: string;
  status: string;
  draft: boolean;
  /** Complete: may be submitted now. */
  ready: boolean;
  /** What a draft still needs (the first few, in the wizard's words). */
  needs: string[];
  /** The shared answers this person gave differently from the lead (their labels). */
  own: string[];
  /** Their steps (a draft) or their application's page. */
  url: string;
  /** Their visa-centre appointment once staff have booked it (ISO time, centre's name). */
  appointment: { at: string; centre: string | null } | null;
}

export interface FamilyProps {
  lead: { id: string; reference: string; name: string | null; draft: boolean };
  people: FamilyPerson[];
  /** The labels of what the group shares. */
  shared: string[];
  relations: { value: string; label: string }[];
  /** Room for another member, and the limit. */
  canAdd: boolean;
  maxMembers: number;
  /** A refused form: which one, its message, its fields' messages and what was typed. */
  refused: { form: "add" | "submit"; message: string; fields: Record<string, string>; values: Record<string, string> } | null;
}
