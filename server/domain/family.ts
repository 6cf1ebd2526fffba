// Families apply together: the relations a member may have to the lead applicant, what the group shares (typed once on
// the lead's application, copied to each member and kept in step unless the member answered differently), and the
// documents a relation adds to the destination's list.
import type { ApplicationFields, FieldKey } from "./applicationFields.ts";

export const RELATIONS = [
  { value: "spouse", label: "Spouse or partner" },
  { value: "child", label: "Child" },
  { value: "parent", label: "Parent" },
  { value: "other", label: "Other relative" },
] as const;

export type Relation = (typeof RELATIONS)[number]["value"];

/** A group's size: the lead and at most this many members (a large family books two groups or calls us). */
export const MAX_FAMILY_MEMBERS = 8;

/** What a family shares: the trip and the home address. Each member's own answers (identity, passport, history) are not. */
export const GROUP_SHARED_FIELDS = [
  "destination_country",
  "arrival_date",
  "departure_date",
  "travel_purpose",
  "itinerary",
  "address",
] as const satisfies readonly FieldKey[];

export type SharedField = (typeof GROUP_SHARED_FIELDS)[number];

export const SHARED_LABELS: Record<SharedField, string> = {
  destination_country: "Destination country",
  arrival_date: "Arrival date",
  departure_date: "Departure date",
  travel_purpose: "Purpose of travel",
  itinerary: "Itinerary",
  address: "Residential address",
};

/** Copied once when a member is added (the account holder's contact details, which they may change), not kept in step. */
const STARTING_CONTACT = ["phone", "email", "emergency_contact_name", "emergency_contact_phone"] as const satisfies readonly FieldKey[];

export const isSharedField = (key: string): key is SharedField => (GROUP_SHARED_FIELDS as readonly string[]).includes(key);

/** The relation as the member's pages and the staff's case name it ("Child", "Other relative: niece"). */
export function relationLabel(relation: string, other?: string | null): string {
  const label = RELATIONS.find((r) => r.value === relation)?.label ?? relation;
  return relation === "other" && other ? `${label}: ${other}` : label;
}

/** Old enough for a sign-in of their own (18 on Lagos's `today`, both YYYY-MM-DD): a child's part stays the parent's. */
export function isAdultOn(dateOfBirth: string | null, today: string): boolean {
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  return `${Number(dateOfBirth.slice(0, 4)) + 18}${dateOfBirth.slice(4)}` <= today;
}

/** What a new member starts with: the lead's shared answers, visa type and contact details. */
export function startingAnswers(lead: ApplicationFields): Partial<ApplicationFields> {
  const out: Partial<ApplicationFields> = { visa_type: lead.visa_type };
  for (const key of [...GROUP_SHARED_FIELDS, ...STARTING_CONTACT]) out[key] = lead[key];
  return out;
}

/**
 * A member's own fields after a save: a shared field saved with a value other than the lead's becomes the member's
 * own (no longer follows the lead); saved back to the lead's value, it follows the lead again.
 */
export function ownFieldsAfter(own: readonly string[], saved: Partial<ApplicationFields>, lead: Pick<ApplicationFields, SharedField>): string[] {
  const next = new Set(own);
  for (const key of GROUP_SHARED_FIELDS) {
    if (!(key in saved)) continue;
    if ((saved[key] ?? null) === (lead[key] ?? null)) next.delete(key);
    else next.add(key);
  }
  return GROUP_SHARED_FIELDS.filter((k) => next.has(k));
}

/** The shared fields a lead's save changed: the members who follow the lead get the new value. */
export function changedShared(before: Pick<ApplicationFields, SharedField>, saved: Partial<ApplicationFields>): SharedField[] {
  return GROUP_SHARED_FIELDS.filter((k) => k in saved && (saved[k] ?? null) !== (before[k] ?? null));
}
