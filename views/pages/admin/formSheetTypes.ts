// The props of a case's answer sheet (admin/FormSheet): the government's form for the destination, in its order.

export interface SheetQuestionView {
  /** A key unique on the page, for the copy button's label and the question's anchor. */
  id: string;
  number: string | null;
  label: string;
  required: boolean;
  /** The answer in the form's format, or null with the reason in `missing`. */
  value: string | null;
  missing: string | null;
}

export interface FormSheetProps {
  application: { id: string; reference: string; applicantName: string | null; destination: string | null };
  /** Null where no sheet is kept for the destination yet. */
  sheet: {
    name: string;
    source: { label: string; href: string };
    checked: string;
    sections: { title: string; questions: SheetQuestionView[] }[];
  } | null;
  /** Where the destination's form is printed (Schengen): its download and the numbers of the boxes it leaves empty. */
  printedForm: { href: string; label: string; notFilled: string[] } | null;
}
