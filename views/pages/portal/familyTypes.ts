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

/** An adult member's own sign-in, as the lead sees it: none yet, an invitation waiting, or their own account in. */
export interface MemberSignIn {
  id: string;
  name: string;
  state: "none" | "invited" | "signed-in";
  /** The address invited (waiting invitation) or the member's account's (signed in). */
  email: string | null;
  /** When the invitation was sent (ISO), while it waits. */
  invitedAt: string | null;
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
  /** The adult members who may have a sign-in of their own (a child's part stays on the lead's account). */
  signIns: MemberSignIn[];
  /** A refused form: which one (the member's, for an invitation), its message, its fields' messages and what was typed. */
  refused: {
    form: "add" | "submit" | "invite";
    memberId?: string;
    message: string;
    fields: Record<string, string>;
    values: Record<string, string>;
  } | null;
}
