// passportCheck(): what blocks a submission and what only warns, at the edges of the calendar.
// `today` is passed in, so these dates never age; the calendar edges (month ends, 29 February) need real dates.
import { describe, expect, it } from "vitest";
import { passportCheck } from "../../server/domain/completeness.ts";

const TODAY = "2026-01-10";
const trip = (over: Partial<Parameters<typeof passportCheck>[0]>) =>
  passportCheck(
    {
      date_of_birth: "1990-04-02",
      passport_issue_date: "2020-01-01",
      passport_expiry_date: "2035-01-01",
      arrival_date: "2026-03-01",
      departure_date: "2026-03-15",
      destination_country: "Canada",
      ...over,
    },
    TODAY,
  );
const EXPIRES_BEFORE = "Your passport expires before the end of your trip. Renew it before you apply.";
const SIX = "Your passport expires less than 6 months after your trip: most countries ask for 6 months of validity beyond your stay.";
const THREE = "Your passport expires less than 3 months after your trip: Schengen countries require 3 months of validity beyond your departure.";

describe("passportCheck", () => {
  it("passes a passport valid for years beyond the trip", () => {
    expect(trip({})).toEqual({ blocking: [], warnings: [] });
  });

  it("blocks a passport that expires the day before departure, but not one that expires on the last day of the stay", () => {
    expect(trip({ passport_expiry_date: "2026-03-14", destination_country: "United Kingdom" })).toEqual({ blocking: [EXPIRES_BEFORE], warnings: [] });
    expect(trip({ passport_expiry_date: "2026-03-15", destination_country: "United Kingdom" })).toEqual({ blocking: [], warnings: [] });
    // Valid on the last day, yet a 6-month country still warns.
    expect(trip({ passport_expiry_date: "2026-03-15" })).toEqual({ blocking: [], warnings: [SIX] });
  });

  it("measures from the arrival when there is no departure date", () => {
    expect(trip({ departure_date: null, passport_expiry_date: "2026-02-28" }).blocking).toEqual([EXPIRES_BEFORE]);
    expect(trip({ departure_date: null, passport_expiry_date: "2026-09-01" })).toEqual({ blocking: [], warnings: [] });
  });

  it("asks Schengen countries for exactly 3 months after departure, whatever the spelling", () => {
    for (const country of ["Germany", " FRANCE ", "czechia", "Switzerland"]) {
      expect(trip({ destination_country: country, passport_expiry_date: "2026-06-15" }), country).toEqual({ blocking: [], warnings: [] });
      expect(trip({ destination_country: country, passport_expiry_date: "2026-06-14" }), country).toEqual({ blocking: [], warnings: [THREE] });
    }
  });

  it("asks most countries for 6 months, and the UK and the USA for validity through the stay only", () => {
    expect(trip({ passport_expiry_date: "2026-09-15" }).warnings).toEqual([]);
    expect(trip({ passport_expiry_date: "2026-09-14" }).warnings).toEqual([SIX]);
    expect(trip({ passport_expiry_date: "2026-03-16", destination_country: "USA" })).toEqual({ blocking: [], warnings: [] });
    expect(trip({ passport_expiry_date: "2026-03-16", destination_country: "England" })).toEqual({ blocking: [], warnings: [] });
  });

  it("counts months to the end of a shorter month, 29 February in a leap year", () => {
    // 3 months after 30 November 2027 is 29 February 2028 (2028 is a leap year).
    const overWinter = { arrival_date: "2027-11-20", departure_date: "2027-11-30", destination_country: "Italy" };
    expect(trip({ ...overWinter, passport_expiry_date: "2028-02-29" }).warnings).toEqual([]);
    expect(trip({ ...overWinter, passport_expiry_date: "2028-02-28" }).warnings).toEqual([THREE]);
    // In a common year it is 28 February.
    const commonYear = { arrival_date: "2026-11-20", departure_date: "2026-11-30", destination_country: "Italy" };
    expect(trip({ ...commonYear, passport_expiry_date: "2027-02-28" }).warnings).toEqual([]);
    expect(trip({ ...commonYear, passport_expiry_date: "2027-02-27" }).warnings).toEqual([THREE]);
    // 6 months after 31 August is the end of February, not early March.
    expect(trip({ arrival_date: "2026-08-20", departure_date: "2026-08-31", passport_expiry_date: "2027-02-28" }).warnings).toEqual([]);
  });

  it("handles a stay that ends on 29 February and a passport that expires on it", () => {
    const leap = { arrival_date: "2028-02-20", departure_date: "2028-02-29" };
    expect(trip({ ...leap, passport_expiry_date: "2028-02-29", destination_country: "USA" })).toEqual({ blocking: [], warnings: [] });
    expect(trip({ ...leap, passport_expiry_date: "2028-02-28", destination_country: "USA" }).blocking).toEqual([EXPIRES_BEFORE]);
    expect(trip({ ...leap, passport_expiry_date: "2028-05-29", destination_country: "Spain" }).warnings).toEqual([]);
    expect(trip({ ...leap, passport_expiry_date: "2028-05-28", destination_country: "Spain" }).warnings).toEqual([THREE]);
    expect(trip({ ...leap, passport_expiry_date: "2028-08-29" }).warnings).toEqual([]);
  });

  it("warns about dates that cannot be right, relative to the given day", () => {
    const { warnings, blocking } = trip({
      date_of_birth: "2026-01-11",
      passport_issue_date: "2026-01-11",
      passport_expiry_date: "2026-01-11",
      arrival_date: "2026-01-09",
      departure_date: "2026-01-05",
      destination_country: "USA",
    });
    expect(warnings).toEqual([
      "The date of birth is in the future.",
      "The passport expiry date is before its issue date.",
      "The passport issue date is in the future.",
      "The departure date is before the arrival date.",
      "The arrival date is in the past.",
    ]);
    expect(blocking).toEqual([]);
    // Today itself is neither past nor future.
    expect(trip({ date_of_birth: TODAY, passport_issue_date: TODAY, arrival_date: TODAY }).warnings).toEqual([]);
  });
});
