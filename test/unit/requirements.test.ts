// requirementsFor(): each destination's list, the visa type's list for any other, and a catalogue every upload can file.
import { describe, expect, it } from "vitest";
import { catalogueDestination, requirementListFor, requirementsFor } from "../../server/domain/requirements.ts";
import { DOCUMENT_TYPES, VISA_TYPES } from "../../server/domain/visa.ts";
import { destinations, fallbackLists } from "../../views/content/requirements/index.ts";

const EIGHT = ["United Kingdom", "United States", "Canada", "Germany", "Portugal", "Australia", "New Zealand", "United Arab Emirates"];
const keys = (visa: string, destination: string | null) => requirementsFor(visa, destination).map((i) => i.key);
const allLists = [...destinations.flatMap((d) => Object.values(d.lists)), ...Object.values(fallbackLists)];

describe("requirementsFor", () => {
  it("has a list of its own for each of the eight destinations and each visa type", () => {
    expect(destinations.map((d) => d.destination)).toEqual(EIGHT);
    for (const d of destinations) {
      for (const type of VISA_TYPES) {
        expect(requirementsFor(type, d.destination), `${d.destination} ${type}`).toEqual(
          d.lists[type].items.map(({ key, label, hint, required, documentType }) => ({ key, label, hint, required, documentType })),
        );
        expect(requirementsFor(type, d.destination)).not.toEqual(requirementsFor(type, "Narnia"));
      }
    }
  });

  it("names what each destination is known for", () => {
    expect(keys("tourist", "United States")).toContain("ds160-confirmation");
    expect(keys("study", "United States")).toEqual(expect.arrayContaining(["form-i20", "sevis-fee-receipt"]));
    expect(keys("study", "United Kingdom")).toEqual(expect.arrayContaining(["cas", "tb-certificate"]));
    expect(keys("tourist", "Germany")).toEqual(expect.arrayContaining(["travel-insurance", "application-form", "cover-letter"]));
    expect(keys("tourist", "Portugal")).toContain("travel-insurance");
    expect(keys("tourist", "Canada")).toContain("family-information-form");
    expect(keys("study", "Australia")).toEqual(expect.arrayContaining(["confirmation-of-enrolment", "health-cover"]));
    expect(keys("work", "New Zealand")).toContain("job-check");
    expect(keys("family", "United Arab Emirates")).toContain("sponsor-tenancy");
  });

  it("matches the destination as the wizard stored it, whatever the case, spacing, punctuation or one slip", () => {
    for (const [typed, name] of [
      ["uk", "United Kingdom"],
      ["U.K.", "United Kingdom"],
      ["  england ", "United Kingdom"],
      ["united states of america", "United States"],
      ["U.S.A", "United States"],
      ["USA", "United States"],
      ["CANADA", "Canada"],
      ["Germnay", "Germany"],
      ["Deutschland", "Germany"],
      ["portugal", "Portugal"],
      ["Austrlia", "Australia"],
      ["New-Zealand", "New Zealand"],
      ["nz", "New Zealand"],
      ["Dubai", "United Arab Emirates"],
      ["U.A.E", "United Arab Emirates"],
    ]) {
      expect(catalogueDestination(typed), typed).toBe(name);
      expect(requirementListFor("tourist", typed)?.destination).toBe(name);
    }
  });

  it("gives the visa type's list for an empty, unknown or merely similar destination", () => {
    for (const type of VISA_TYPES) {
      const fallback = fallbackLists[type].items.map((i) => i.key);
      for (const destination of [null, undefined, "", "   ", "Narnia", "Austria", "Ireland", "Nigeria", "Ghana"]) {
        expect(keys(type, destination as string | null), `${type} ${destination}`).toEqual(fallback);
        expect(requirementListFor(type, destination)?.destination).toBeNull();
      }
    }
  });

  it("gives nothing without a known visa type", () => {
    expect(requirementsFor("", "Canada")).toEqual([]);
    expect(requirementsFor("holiday", "Canada")).toEqual([]);
    expect(requirementListFor(null, "Canada")).toBeNull();
  });

  it("every list: keys unique and well formed, SPEC document types valid and each at most once, dated and sourced", () => {
    const types = DOCUMENT_TYPES.map((t) => t.value as string);
    for (const list of allLists) {
      const itemKeys = list.items.map((i) => i.key);
      expect(new Set(itemKeys).size, list.visa).toBe(itemKeys.length);
      for (const item of list.items) {
        expect(item.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(types).toContain(item.documentType);
        expect(item.label.trim()).not.toBe("");
        expect(item.hint.trim()).not.toBe("");
        expect(item.hint).not.toContain("\n");
      }
      // One file per SPEC type: two items of one list filed as the same type would share it.
      const specTypes = list.items.filter((i) => i.documentType !== "other").map((i) => i.documentType);
      expect(new Set(specTypes).size, list.visa).toBe(specTypes.length);
      expect(
        list.items.some((i) => i.required),
        list.visa,
      ).toBe(true);
      expect(list.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(list.reviewed))).toBe(false);
    }
    for (const d of destinations) for (const list of Object.values(d.lists)) expect(list.sources.length, list.visa).toBeGreaterThan(0);
    for (const list of allLists) for (const s of list.sources) expect(s.href).toMatch(/^https:\/\//);
  });

  it("a key means one kind of document wherever it appears (files are kept under it)", () => {
    const typeOf = new Map<string, string>();
    for (const list of allLists)
      for (const item of list.items) {
        const seen = typeOf.get(item.key);
        if (seen) expect(item.documentType, item.key).toBe(seen);
        else typeOf.set(item.key, item.documentType);
      }
  });
});
