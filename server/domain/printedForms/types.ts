// The shape of a printed form's map: data only (pages, boxes, texts), read by the one renderer
// (presenters/printedForm/render.ts). A new printed form is a new map beside its answer sheet, with no new code.

/** A rectangle on a page, in PDF points (1/72 inch) measured from the page's top-left corner. */
export interface Place {
  /** 0 for the first page. */
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A box of the form that takes one question of the answer sheet, as a text field named `name`. */
export interface FieldBox extends Place {
  /** The PDF form field's name: "field_" and the form's number, "_2", "_3" for a number's further boxes. */
  name: string;
  /** The label of the sheet question the box takes, exactly as in the answer sheet. */
  takes: string;
  /** Several lines of answer (an address, an employer); one line when absent. */
  multiline?: boolean;
}

/** A box drawn with its caption and left empty for a hand (the signature, the place and date). */
export interface BlankBox extends Place {
  caption: string;
  /** Lines printed inside, under the caption (the official column's headings). */
  lines?: string[];
}

/** Words printed on the form as they are (its title, its notes, its declaration). */
export interface PrintedText {
  page: number;
  left: number;
  top: number;
  width: number;
  size: number;
  bold?: boolean;
  text: string;
}

export interface PrintedFormMap {
  /** The answer sheet (formSheets/) whose questions fill the boxes. */
  sheetKey: string;
  /** The form's name on the file and on its last page. */
  title: string;
  /** The download link's words on the applicant's page and the staff's answer sheet. */
  linkLabel: string;
  /** The file's name, before the application's reference ("schengen-form" → schengen-form-VS-….pdf). */
  fileName: string;
  /** The day the boxes were last compared with the official form, "YYYY-MM-DD". */
  checked: string;
  /** The official form the layout follows. */
  source: { label: string; href: string };
  /** Pages of the form itself (A4); the renderer adds one last page listing what was not filled. */
  pages: number;
  texts: PrintedText[];
  boxes: FieldBox[];
  blanks: BlankBox[];
  /** Where the applicant's passport photo goes (drawn as an empty box with its caption when there is none). */
  photo: Place & { caption: string };
}
