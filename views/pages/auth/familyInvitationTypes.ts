// The props of the family invitation page (auth/FamilyInvitation): the link's state for whoever opened it.

interface About {
  memberName: string;
  invitedBy: string;
  /** The address the invitation went to. */
  email: string;
}

export type FamilyInvitationProps =
  | { state: "gone"; message: string }
  | ({ state: "sign-in"; next: string } & About)
  | ({ state: "wrong-account"; message: string } & About)
  | ({ state: "accept"; error: string | null } & About);
