// Which uploaded document is a list item's: shared by step 7's list and its "Another document" part.
import type { DocumentView, RequiredDocument } from "../../pages/portal/types.ts";

/** The item's file: the uploaded document stored with the item's type and key. */
export const fileOf = (item: RequiredDocument, documents: DocumentView[]) =>
  documents.find((d) => d.documentType === item.filedAs.documentType && d.requirementKey === item.filedAs.requirementKey);
