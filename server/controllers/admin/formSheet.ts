// GET /admin/application/:id/form-sheet: the government's form for the case's destination, every question with the
// application's answer in the form's format (or why there is none yet), for staff to copy into the portal.
import type { Request, Response } from "express";
import type { FormSheetProps } from "../../../views/pages/admin/formSheetTypes.ts";
import { recordApplicationView } from "../../actions/applications/recordApplicationView.ts";
import { ctx } from "../../context.ts";
import { pickFields } from "../../domain/applicationFields.ts";
import { fillSheet, sheetFor } from "../../domain/formSheets/index.ts";
import { signedInActor } from "../../http/actions.ts";
import { loadOrRedirect } from "../../http/reviewPage.ts";
import { printedFormOffer } from "../../presenters/printedForm/index.ts";
import { renderPage } from "../../render/renderPage.ts";

export async function formSheetPage(req: Request, res: Response): Promise<void> {
  const row = await loadOrRedirect(req, res);
  if (!row) return;
  // The sheet shows every answer of the application: each view is in the trail, like the full application's.
  await recordApplicationView(ctx(req), signedInActor(req, res), { applicationId: row.id });
  const sheet = sheetFor(row.destination_country);
  const filled = sheet ? fillSheet(sheet, pickFields(row)) : null;
  const props: FormSheetProps = {
    application: { id: row.id, reference: row.reference_number, applicantName: row.full_name, destination: row.destination_country },
    sheet: filled && {
      name: filled.name,
      source: filled.source,
      checked: filled.checked,
      sections: filled.sections.map((s, i) => ({
        title: s.title,
        questions: s.questions.map((q, j) => ({ ...q, id: `q-${i + 1}-${j + 1}` })),
      })),
    },
    printedForm: printedFormOffer(row, `/admin/application/${row.id}/printed-form.pdf`),
  };
  await renderPage(req, res, "admin/FormSheet", props, { title: `Answer sheet ${row.reference_number}` });
}
