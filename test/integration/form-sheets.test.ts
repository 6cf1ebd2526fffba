// The answer sheets of the government's forms: every question of every sheet answered from the application or listed
// as missing with a reason (never blank), answers in each form's format, the sheet for a destination, and the staff
// page of a case (the sheet in order, the unanswered questions first, who may open it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApplicationFields, FIELD_KEYS } from "../../server/domain/applicationFields.ts";
import { NOT_ANSWERED } from "../../server/domain/formSheets/answers.ts";
import { FORM_SHEETS, fillSheet, sheetFor, unanswered } from "../../server/domain/formSheets/index.ts";
import { SPECIFIC_FIELDS, VISA_TYPES } from "../../server/domain/visa.ts";
import type { FormSheetProps } from "../../views/pages/admin/formSheetTypes.ts";
import { insertApp } from "../helpers/admin.ts";
import { type Client, createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { visibleText } from "../helpers/html.ts";

const EMPTY = Object.fromEntries(FIELD_KEYS.map((k) => [k, null])) as unknown as ApplicationFields;
Object.assign(EMPTY, { criminal_history: false, prior_visa_refusals: false, visa_specific_data: {} });

/** Every field answered, the visa-specific ones of the type too. */
const full = (visaType: string, overrides: Partial<ApplicationFields> = {}): ApplicationFields => ({
  ...EMPTY,
  visa_type: visaType,
  full_name: "Adaeze Chioma Nwosu",
  date_of_birth: "1992-05-14",
  gender: "female",
  marital_status: "married",
  nationality: "Nigerian",
  passport_number: "A12345678",
  passport_issue_date: "2023-02-01",
  passport_expiry_date: "2033-01-31",
  passport_issuing_country: "Nigeria",
  phone: "+2348031112222",
  email: "adaeze@example.com",
  address: "5 Awolowo Road, Ikoyi, Lagos",
  emergency_contact_name: "Emeka Nwosu",
  emergency_contact_phone: "+2348033334444",
  destination_country: "Germany",
  arrival_date: "2027-03-01",
  departure_date: "2027-03-14",
  travel_purpose: "Holiday in Berlin",
  itinerary: "Berlin, then Munich",
  medical_conditions: "None",
  criminal_history: false,
  prior_visa_refusals: true,
  prior_visa_refusal_details: "Refused a UK visit visa in 2019",
  visa_specific_data: Object.fromEntries(SPECIFIC_FIELDS[visaType as keyof typeof SPECIFIC_FIELDS].map((f) => [f.key, `${f.label} given`])),
  ...overrides,
});

describe("every sheet", () => {
  it("is dated, sourced on an official page and lists its questions with their words", () => {
    for (const sheet of FORM_SHEETS) {
      expect(sheet.checked, sheet.key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(sheet.source.href, sheet.key).toMatch(/^https:\/\/(www\.gov\.uk|travel\.state\.gov|home-affairs\.ec\.europa\.eu)\//);
      expect(sheet.destinations.length, sheet.key).toBeGreaterThan(0);
      for (const q of sheet.sections.flatMap((s) => s.questions)) expect(q.label.trim(), sheet.key).not.toBe("");
    }
  });

  it("answers each question of a full application from its fields, or says why not: never a blank answer", () => {
    for (const sheet of FORM_SHEETS)
      for (const type of VISA_TYPES) {
        const filled = fillSheet(sheet, full(type));
        for (const q of filled.sections.flatMap((s) => s.questions)) {
          const where = `${sheet.key} ${type} ${q.number ?? ""} ${q.label}`;
          if (q.value === null) expect(q.missing?.trim(), where).toBeTruthy();
          else {
            expect(q.value.trim(), where).not.toBe("");
            expect(q.missing, where).toBeNull();
          }
        }
        // What the application asks is answered: every question left is one the application does not ask.
        for (const q of unanswered(filled)) expect(q.missing, `${sheet.key} ${type} ${q.label}`).not.toBe(NOT_ANSWERED);
      }
  });

  it("lists every question of an empty application as missing, with a reason (the yes/no declarations, unticked, say no)", () => {
    for (const sheet of FORM_SHEETS) {
      const filled = fillSheet(sheet, EMPTY);
      for (const q of filled.sections.flatMap((s) => s.questions)) {
        if (q.value === null) expect(q.missing?.trim(), `${sheet.key} ${q.label}`).toBeTruthy();
        else expect(q.value, `${sheet.key} ${q.label}`).toMatch(/^(No|NO)$/);
      }
      expect(unanswered(filled).length, sheet.key).toBeGreaterThan(10);
    }
  });

  it("names what a yes without details still needs, and an answer the form has no box for", () => {
    const uk = fillSheet(sheetFor("uk")!, full("tourist", { criminal_history: true, criminal_history_details: null, gender: "other" }));
    const all = uk.sections.flatMap((s) => s.questions);
    expect(all.find((q) => q.label.includes("criminal conviction"))?.missing).toBe("Answered yes, but the details are not given yet");
    const schengen = fillSheet(sheetFor("germany")!, full("tourist", { gender: "other" }));
    expect(schengen.sections.flatMap((s) => s.questions).find((q) => q.number === "8")?.missing).toBe('The form has no choice for "other"');
  });
});

describe("the Schengen form", () => {
  const filled = fillSheet(sheetFor("Germany")!, full("tourist"));
  const byNumber = (n: string) => filled.sections.flatMap((s) => s.questions).filter((q) => q.number === n);

  it("has its numbered fields in order, 1 to 33, none left out", () => {
    const numbers = [...new Set(filled.sections.flatMap((s) => s.questions.map((q) => Number(q.number))))];
    expect(numbers).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
  });

  it("writes dates day-month-year, countries as its list spells them and phones with the country code", () => {
    expect(byNumber("1")[0].value).toBe("Nwosu");
    expect(byNumber("3")[0].value).toBe("Adaeze Chioma");
    expect(byNumber("4")[0].value).toBe("14-05-1992");
    expect(byNumber("7")[0].value).toBe("Nigeria");
    expect(byNumber("10")[0].value).toBe("Not applicable (the applicant is an adult)");
    expect(byNumber("16")[0].value).toBe("Nigeria");
    expect(byNumber("19").map((q) => q.value)).toEqual(["5 Awolowo Road, Ikoyi, Lagos", "adaeze@example.com", "+234 803 111 2222"]);
    expect(byNumber("25")[0].value).toBe("Germany");
    expect(byNumber("27").map((q) => q.value)).toEqual([null, "01-03-2027", "14-03-2027"]);
  });

  it("lists a nationality it cannot find in its list as missing, with what was typed", () => {
    const odd = fillSheet(sheetFor("Germany")!, full("tourist", { nationality: "Atlantean" }));
    expect(odd.sections.flatMap((s) => s.questions).find((q) => q.number === "7")?.missing).toBe('Not a country on the form\'s list: "Atlantean"');
  });
});

describe("the DS-160 and the UK form", () => {
  it("DS-160: names and countries in capitals, dates as 14-MAY-1992, the length of stay in days", () => {
    const all = fillSheet(sheetFor("U.S.A")!, full("business", { destination_country: "United States" })).sections.flatMap((s) => s.questions);
    const answer = (label: string) => all.find((q) => q.label === label)?.value;
    expect(answer("Surnames")).toBe("NWOSU");
    expect(answer("Date of Birth")).toBe("14-MAY-1992");
    expect(answer("Country/Region of Origin (Nationality)")).toBe("NIGERIA");
    expect(answer("Intended Length of Stay in U.S.")).toBe("14 days");
    expect(answer("Have you ever been refused a U.S. Visa, or been refused admission to the United States?")).toBe(
      "YES: Refused a UK visit visa in 2019",
    );
  });

  it("UK: dates as 14/05/1992, its own words for the relationship status", () => {
    const all = fillSheet(sheetFor("United Kingdom")!, full("tourist")).sections.flatMap((s) => s.questions);
    expect(all.find((q) => q.label === "Date of birth")?.value).toBe("14/05/1992");
    expect(all.find((q) => q.label === "Relationship status")?.value).toBe("Married or in a civil partnership");
  });

  it("keeps no sheet for a destination without one yet (Canada) or none given", () => {
    expect(sheetFor("Canada")).toBeNull();
    expect(sheetFor(null)).toBeNull();
    expect(sheetFor("France")?.key).toBe("schengen");
    expect(sheetFor("Britain")?.key).toBe("uk-visitor");
  });
});

describe("/admin/application/:id/form-sheet", () => {
  let t: TestApp;
  let officer: TestUser;
  let manager: Client;
  let officerClient: Client;
  let otherOfficer: Client;
  let applicant: Client;
  let applicantUser: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    officer = await makeUser(t.db, { officer: true });
    officerClient = await signedIn(t.app, officer);
    otherOfficer = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    manager = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    applicantUser = await makeUser(t.db);
    applicant = await signedIn(t.app, applicantUser);
  });
  afterAll(() => t.drop());

  const approvedCase = async (fields: Partial<ApplicationFields> = {}) => {
    const { visa_specific_data, ...rest } = full("tourist", fields);
    return insertApp(t.db, applicantUser.id, {
      ...rest,
      visa_specific_data: JSON.stringify(visa_specific_data),
      status: "approved",
      submitted_at: new Date(),
      assignee_id: officer.id,
    });
  };

  it("shows the destination's sheet in the form's order, with the unanswered questions first", async () => {
    const app = await approvedCase({ phone: null });
    const props = (await officerClient.getJson(`/admin/application/${app.id}/form-sheet`).expect(200)).body.props as FormSheetProps;
    expect(props.sheet?.name).toMatch(/Schengen/);
    const questions = props.sheet!.sections.flatMap((s) => s.questions);
    expect(questions.find((q) => q.label === "Telephone number(s)")).toMatchObject({ value: null, missing: NOT_ANSWERED });
    const text = visibleText((await officerClient.get(`/admin/application/${app.id}/form-sheet`).expect(200)).text);
    const missingAt = text.indexOf("Not answered yet (");
    expect(missingAt).toBeGreaterThan(-1);
    expect(text.indexOf("19. Telephone number(s) (required): Not answered yet")).toBeGreaterThan(missingAt);
    expect(text.indexOf("1. Surname (Family name)")).toBeLessThan(text.lastIndexOf("33. Surname and first name of the person filling"));
    // Linked from the case page.
    expect((await officerClient.get(`/admin/application/${app.id}`).expect(200)).text).toContain(`href="/admin/application/${app.id}/form-sheet"`);
    expect(await t.db("audit_events").where({ action: "application_viewed", subject_id: app.id })).toHaveLength(2);
  });

  it("says so where no sheet is kept for the destination", async () => {
    const app = await approvedCase({ destination_country: "Canada" });
    const props = (await manager.getJson(`/admin/application/${app.id}/form-sheet`).expect(200)).body.props as FormSheetProps;
    expect(props.sheet).toBeNull();
    expect(visibleText((await manager.get(`/admin/application/${app.id}/form-sheet`).expect(200)).text)).toContain(
      "No answer sheet is kept for “Canada” yet.",
    );
  });

  it("is the case officer's and a manager's: another officer and an applicant are turned away, with nothing shown", async () => {
    const app = await approvedCase();
    await manager.get(`/admin/application/${app.id}/form-sheet`).expect(200);
    const other = await otherOfficer.get(`/admin/application/${app.id}/form-sheet`);
    expect(other.status).toBe(303);
    expect(other.headers.location).toBe("/admin");
    const mine = await applicant.get(`/admin/application/${app.id}/form-sheet`);
    expect(mine.status).toBe(303);
    expect(mine.headers.location).toBe("/dashboard");
    expect(mine.text).not.toContain("A12345678");
  });
});
