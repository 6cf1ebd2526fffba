// The printed forms' maps and their one renderer: every question of the sheet has one box, the boxes sit on the page
// without overlapping and leave room for the answer under their caption; and the renderer draws whatever a map says
// (a made-up map of two boxes gives a file with those two fields and nothing of the Schengen form's).
import { describe, expect, it } from "vitest";
import { type ApplicationFields, FIELD_KEYS } from "../../server/domain/applicationFields.ts";
import type { FilledSheet } from "../../server/domain/formSheets/index.ts";
import { fillSheet } from "../../server/domain/formSheets/index.ts";
import { fillBoxes, PRINTED_FORMS, printedFormFor, sheetOfMap } from "../../server/domain/printedForms/index.ts";
import type { Place, PrintedFormMap } from "../../server/domain/printedForms/types.ts";
import { CAPTION_LINE, PAGE, wrapped } from "../../server/presenters/printedForm/draw.ts";
import { renderPrintedForm } from "../../server/presenters/printedForm/render.ts";
import { readBack } from "../helpers/printedForm.ts";

const EMPTY = Object.fromEntries(FIELD_KEYS.map((k) => [k, null])) as unknown as ApplicationFields;
Object.assign(EMPTY, { criminal_history: false, prior_visa_refusals: false, visa_specific_data: {} });

const overlap = (a: Place, b: Place) =>
  a.page === b.page &&
  a.left < b.left + b.width - 0.01 &&
  b.left < a.left + a.width - 0.01 &&
  a.top < b.top + b.height - 0.01 &&
  b.top < a.top + a.height - 0.01;

describe("every printed form's map", () => {
  it("gives each question of its sheet one box, named uniquely, and no box to a question the sheet does not ask", () => {
    for (const map of PRINTED_FORMS) {
      const sheet = sheetOfMap(map);
      expect(sheet, map.fileName).toBeDefined();
      const labels = sheet!.sections.flatMap((s) => s.questions.map((q) => q.label));
      expect(map.boxes.map((b) => b.takes).sort(), map.fileName).toEqual([...labels].sort());
      expect(new Set(map.boxes.map((b) => b.name)).size, map.fileName).toBe(map.boxes.length);
      expect(map.checked, map.fileName).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("keeps its boxes on the page, apart from each other, the photo and the blanks, with room under each caption", () => {
    for (const map of PRINTED_FORMS) {
      const filled = fillBoxes(map, fillSheet(sheetOfMap(map)!, EMPTY));
      const places: (Place & { what: string })[] = [
        ...map.boxes.map((b) => ({ ...b, what: b.name })),
        ...map.blanks.map((b) => ({ ...b, what: b.caption })),
        { ...map.photo, what: "photo" },
      ];
      for (const p of places) {
        expect(p.page, p.what).toBeLessThan(map.pages);
        expect(p.left >= 20 && p.left + p.width <= PAGE.width - 20, `${p.what} across`).toBe(true);
        expect(p.top >= 20 && p.top + p.height <= PAGE.height - 30, `${p.what} down`).toBe(true);
      }
      for (const [i, a] of places.entries()) for (const b of places.slice(i + 1)) expect(overlap(a, b), `${a.what} and ${b.what}`).toBe(false);
      for (const f of filled) {
        const caption = wrapped(f.caption, 6.5, f.box.width - 5).length * CAPTION_LINE + 3;
        expect(f.box.height - caption, `room for the answer in ${f.box.name}`).toBeGreaterThanOrEqual(f.box.multiline ? 20 : 11);
      }
    }
  });

  it("is the Schengen form for a Schengen state, and none for a destination without one", () => {
    expect(printedFormFor("France")?.map.sheetKey).toBe("schengen");
    expect(printedFormFor("Canada")).toBeNull();
    expect(printedFormFor("United Kingdom")).toBeNull();
  });
});

describe("the renderer", () => {
  it("draws a made-up map: its own fields, texts and photo box, and lists what it leaves empty", async () => {
    const map: PrintedFormMap = {
      sheetKey: "made-up",
      title: "Made-up form",
      linkLabel: "Print the made-up form (PDF)",
      fileName: "made-up",
      checked: "2026-11-30",
      source: { label: "A made-up page", href: "https://example.com/form" },
      pages: 1,
      texts: [{ page: 0, left: 40, top: 40, width: 300, size: 12, text: "A made-up form heading" }],
      photo: { page: 0, left: 400, top: 40, width: 99, height: 127, caption: "Picture" },
      blanks: [],
      boxes: [
        { name: "box_a", page: 0, left: 40, top: 200, width: 300, height: 30, takes: "First thing" },
        { name: "box_b", page: 0, left: 40, top: 230, width: 300, height: 30, takes: "Second thing" },
      ],
    };
    const sheet: FilledSheet = {
      key: "made-up",
      name: "Made-up",
      source: map.source,
      checked: map.checked,
      sections: [
        {
          title: "All",
          questions: [
            { number: "A", label: "First thing", required: true, value: "Answer one", missing: null },
            { number: "B", label: "Second thing", required: true, value: null, missing: "Never asked" },
          ],
        },
      ],
    };
    const back = await readBack(await renderPrintedForm({ map, boxes: fillBoxes(map, sheet), photo: null, reference: "REF-1" }));
    expect(back.fields).toEqual({ box_a: "Answer one", box_b: "" });
    expect(back.pageCount).toBe(2);
    expect(back.pageText(0)).toContain("A made-up form heading");
    expect(back.pageText(0)).toContain("Picture");
    expect(back.pageText(1)).toContain("Not filled: B");
    expect(back.pageText(1)).toContain("B. Second thing: Never asked");
    expect(back.images).toEqual([]);

    // An answer with letters the fields' standard font cannot draw is written without them, and said so.
    sheet.sections[0].questions[1] = { ...sheet.sections[0].questions[1], value: "Ọláolúwa – O’Neil", missing: null };
    const folded = await readBack(await renderPrintedForm({ map, boxes: fillBoxes(map, sheet), photo: null, reference: "REF-1" }));
    expect(folded.fields.box_b).toBe("Olaoluwa - O'Neil");
    expect(folded.pageText(1)).toContain("Every box is filled.");
    expect(folded.pageText(1)).toContain('B. Second thing: "Olaoluwa - O\'Neil"');
  });

  it("refuses a map with a box for a question its sheet does not ask", () => {
    const map = {
      ...printedFormFor("France")!.map,
      boxes: [{ name: "x", page: 0, left: 0, top: 0, width: 1, height: 1, takes: "No such question" }],
    };
    expect(() => fillBoxes(map, fillSheet(printedFormFor("France")!.sheet, EMPTY))).toThrow(/No such question/);
  });
});
