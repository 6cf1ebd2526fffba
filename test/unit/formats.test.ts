// Phones to E.164 and passport numbers upper-case; what is still wrong is reported, never refused on save.
import { describe, expect, it } from "vitest";
import { draftFields } from "../../server/domain/draft.ts";
import { formatProblems, normalisePassport, normalisePhone } from "../../server/domain/formats.ts";

describe("normalisePhone", () => {
  it("reads spaces, dots, dashes, a leading 0 or +234 as one Nigerian number", () => {
    for (const v of ["0803 111 2222", "0803.111.2222", "0803-111-2222", "+234 803 111 2222", "+2348031112222", "+234 (0)803 111 2222"]) {
      expect(normalisePhone(v)).toBe("+2348031112222");
    }
  });
  it("keeps a foreign number in E.164 and leaves what is not a phone number as typed", () => {
    expect(normalisePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalisePhone("call me")).toBe("call me");
    expect(normalisePhone("123")).toBe("123");
  });
});

describe("passport numbers", () => {
  it("are upper-case without spaces", () => {
    expect(normalisePassport(" a12 345\t678 ")).toBe("A12345678");
  });
});

describe("draftFields", () => {
  it("normalises phones and the passport number of a save", () => {
    expect(draftFields({ phone: "0803 111 2222", emergency_contact_phone: "0706-000-1111", passport_number: "b 0987654" })).toEqual({
      phone: "+2348031112222",
      emergency_contact_phone: "+2347060001111",
      passport_number: "B0987654",
    });
  });
});

describe("formatProblems", () => {
  it("names each answer still in a wrong format, with its step", () => {
    expect(formatProblems({ phone: "call me", email: "ada@", passport_number: "A1!", emergency_contact_phone: "+2348031112222" })).toEqual([
      { key: "passport_number", label: "Passport number", step: 3, message: "Letters and digits only, 5 to 20 characters" },
      { key: "phone", label: "Phone number", step: 4, message: "Enter a valid phone number" },
      { key: "email", label: "Email", step: 4, message: "Enter a valid email address" },
    ]);
    expect(formatProblems({ phone: null, email: "ada@example.com", passport_number: "A12345678" })).toEqual([]);
  });
});
