// csvCell()/csvRow(): RFC 4180 quoting and the formula-injection guard of the admin export.
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow } from "../../server/render/csv.ts";

describe("csv", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(150)).toBe("150");
  });

  it("prefixes cells a spreadsheet would run as a formula", () => {
    for (const danger of ["=1+1", "+2348030000000", "-5", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(danger).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends rows with CRLF and offers the UTF-8 byte-order mark", () => {
    expect(csvRow(["a", null, "b,c"])).toBe('a,,"b,c"\r\n');
    expect(CSV_BOM).toBe("\uFEFF");
  });
});
