// planStatusChange(): what a status change writes besides the status.
import { describe, expect, it } from "vitest";
import { planStatusChange } from "../../server/domain/status.ts";

const draft = { status: "draft", submitted_at: null };

describe("planStatusChange", () => {
  it("changes nothing when the status is re-set without a note", () => {
    expect(planStatusChange({ from: { status: "submitted", submitted_at: new Date() }, to: "submitted", note: null })).toEqual({ changed: false });
  });

  it("records a note on the current status as a change (a history row)", () => {
    expect(planStatusChange({ from: { status: "submitted", submitted_at: new Date() }, to: "submitted", note: "Looked at" })).toEqual({
      changed: true,
      setSubmittedAt: false,
    });
  });

  it("sets the submission date on the first submission only", () => {
    expect(planStatusChange({ from: draft, to: "submitted", note: null })).toEqual({ changed: true, setSubmittedAt: true });
    expect(planStatusChange({ from: { status: "draft", submitted_at: new Date() }, to: "submitted", note: null })).toEqual({
      changed: true,
      setSubmittedAt: false,
    });
  });
});
