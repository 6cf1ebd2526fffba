import { describe, expect, it } from "vitest";
import { escapeHtml, serializeForHtml } from "../../server/render/serialize.ts";

describe("serializeForHtml", () => {
  it("cannot close the data block or open a comment, and round-trips", () => {
    const value = { name: "</script><script>alert(1)</script>", note: "<!-- & \u2028\u2029 -->" };
    const out = serializeForHtml(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe("escapeHtml", () => {
  it("escapes attribute breakers", () => {
    expect(escapeHtml(`"><img src=x onerror=alert(1)>'`)).toBe("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;");
  });
});
