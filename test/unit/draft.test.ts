// draftFields(): what a wizard save writes, cleaned of the answers its own choices rule out.
import { describe, expect, it } from "vitest";
import { draftFields } from "../../server/domain/draft.ts";

describe("draftFields", () => {
  it("keeps only the chosen type's specific answers, trimmed, dropping blanks", () => {
    const fields = draftFields({ visa_type: "work", visa_specific_data: { employer_name: " Acme ", job_title: "", accommodation: "Hotel" } });
    expect(fields.visa_specific_data).toEqual({ employer_name: "Acme" });
  });

  it("re-cleans the saved answers when only the type changes", () => {
    const fields = draftFields({ visa_type: "tourist" }, { visa_type: "work", visa_specific_data: { employer_name: "Acme" } });
    expect(fields.visa_specific_data).toEqual({});
  });

  it("leaves the specific answers alone when neither they nor the type are sent", () => {
    expect(draftFields({ full_name: "Ada" }, { visa_type: "work", visa_specific_data: { employer_name: "Acme" } })).toEqual({ full_name: "Ada" });
  });

  it("drops the details of a question answered no", () => {
    const fields = draftFields({ criminal_history: false, prior_visa_refusals: false });
    expect(fields).toMatchObject({ criminal_history_details: null, prior_visa_refusal_details: null });
    expect(draftFields({ criminal_history: true, criminal_history_details: "x" })).toMatchObject({ criminal_history_details: "x" });
  });
});
