// The documents an application's visa type and destination call for ("Documents for your application"), from the
// catalogue in views/content/requirements/. Not SPEC's checklist screens (/checklist/{id}): a different thing.
import { destinations, fallbackLists } from "../../views/content/requirements/index.ts";
import type { CatalogueDocumentType, CatalogueVisaType } from "../../views/content/requirements/types.ts";
import { type DOCUMENT_TYPES, VISA_TYPES, type VisaType } from "./visa.ts";

export type DocumentType = (typeof DOCUMENT_TYPES)[number]["value"];

export interface RequirementItem {
  key: string;
  label: string;
  hint: string;
  required: boolean;
  documentType: DocumentType;
}

// The catalogue's types are the domain's, both ways: a visa or document type that one side lacks fails typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const CATALOGUE_TYPES_MATCH: [Same<CatalogueDocumentType, DocumentType>, Same<CatalogueVisaType, VisaType>] = [true, true];

/** Lowercase letters only: "U.K.", "united kingdom" and "New-Zealand " meet their aliases whatever the spacing. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** One typing slip (a letter missing, extra, changed or two swapped), for names long enough that it cannot mean another. */
function nearlySame(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 6 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i) || // one extra letter in a
    a.slice(i) === b.slice(i + 1) || // one extra letter in b
    a.slice(i + 1) === b.slice(i + 1) || // one letter changed
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) // two swapped
  );
}

const NAMES = destinations.map((d) => ({ entry: d, names: [d.destination, ...d.aliases].map(squash) }));

/** The catalogue's name for a destination as the wizard stored it ("uk", "U.S.A", "Germnay"), or null for any other. */
export function catalogueDestination(destination: string | null | undefined): string | null {
  const typed = squash(destination ?? "");
  if (!typed) return null;
  const exact = NAMES.find((n) => n.names.includes(typed));
  const near = exact ?? NAMES.find((n) => n.names.some((name) => nearlySame(typed, name)));
  return near?.entry.destination ?? null;
}

export interface RequirementList {
  /** The visa the list is for, e.g. "Standard Visitor visa". */
  visa: string;
  /** The catalogue's destination, or null when the list is the visa type's (no destination yet, or another country). */
  destination: string | null;
  items: RequirementItem[];
}

/**
 * What a family member's relation to the lead applicant adds to their list (server/domain/family.ts), unless the
 * destination's list already asks for it: the proof of the relation, and a child's consent letter.
 */
export const RELATION_ITEMS: Record<string, RequirementItem[]> = {
  child: [
    {
      key: "child-birth-certificate",
      label: "Child's birth certificate",
      hint: "The full birth certificate, naming both parents: it shows the child's relation to you.",
      required: true,
      documentType: "birth_certificate",
    },
    {
      key: "parental-consent-letter",
      label: "Consent letter from the parent not travelling",
      hint: "If the child travels with one parent only: a signed letter from the other parent agreeing to the trip, with a copy of their passport's photo page.",
      required: false,
      documentType: "other",
    },
  ],
  spouse: [
    {
      key: "spouse-marriage-certificate",
      label: "Marriage certificate",
      hint: "Your marriage certificate, or the court or registry's certified copy: it shows your relation to the lead applicant.",
      required: true,
      documentType: "marriage_certificate",
    },
  ],
  parent: [
    {
      key: "parent-relationship-proof",
      label: "Proof you are the lead applicant's parent",
      hint: "The lead applicant's birth certificate naming you, or another official document that shows it.",
      required: false,
      documentType: "other",
    },
  ],
};

function withRelation(items: RequirementItem[], relation: string | null | undefined): RequirementItem[] {
  const extra = (relation ? (RELATION_ITEMS[relation] ?? []) : []).filter(
    (e) => !items.some((i) => i.key === e.key || (e.documentType !== "other" && i.documentType === e.documentType)),
  );
  return [...items, ...extra];
}

/**
 * The list for a visa type and destination as the wizard stored them, with what it is for (and, for a family member,
 * what their relation adds); null without a visa type.
 */
export function requirementListFor(
  visaType: string | null | undefined,
  destination: string | null | undefined,
  relation?: string | null,
): RequirementList | null {
  if (!VISA_TYPES.includes(visaType as VisaType)) return null;
  const type = visaType as VisaType;
  const name = catalogueDestination(destination);
  const list = destinations.find((d) => d.destination === name)?.lists[type] ?? fallbackLists[type];
  return {
    visa: list.visa,
    destination: name,
    items: withRelation(
      list.items.map(({ key, label, hint, required, documentType }) => ({ key, label, hint, required, documentType })),
      relation,
    ),
  };
}

/**
 * The documents asked for: the destination's list for the visa type, else the visa type's list, with what a family
 * member's relation adds; none for no visa type.
 */
export function requirementsFor(visaType: string, destination: string | null | undefined, relation?: string | null): RequirementItem[] {
  return requirementListFor(visaType, destination, relation)?.items ?? [];
}

/** How a file for an item is stored: its SPEC type, and the item's key for an `other` item (one file per item). */
export function filedAs(item: RequirementItem): { documentType: DocumentType; requirementKey: string | null } {
  return { documentType: item.documentType, requirementKey: item.documentType === "other" ? item.key : null };
}

/** Whether a stored document is the one filed for the item. */
export function fills(item: RequirementItem, doc: { document_type: string; requirement_key: string | null }): boolean {
  const as = filedAs(item);
  return doc.document_type === as.documentType && doc.requirement_key === as.requirementKey;
}

/** The item a document was filed under, for its label wherever it is shown (the first list naming the key). */
export function requirementLabel(key: string): string | undefined {
  for (const list of [
    ...destinations.flatMap((d) => Object.values(d.lists)),
    ...Object.values(fallbackLists),
    { items: Object.values(RELATION_ITEMS).flat() },
  ]) {
    const item = list.items.find((i) => i.key === key);
    if (item) return item.label;
  }
  return undefined;
}
