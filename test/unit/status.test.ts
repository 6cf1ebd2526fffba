// The lifecycle (domain/status.ts): who may move an application where, what a move writes, and when it can be paid.
import { describe, expect, it } from "vitest";
import { allowedMoves, paymentRefusal, planStatusChange } from "../../server/domain/status.ts";

const draft = { status: "draft", submitted_at: null };
const submitted = { status: "submitted", submitted_at: new Date() };

describe("planStatusChange", () => {
  it("changes nothing when the status is re-set without a note", () => {
    expect(planStatusChange({ from: submitted, to: "submitted", who: "admin", note: null })).toEqual({ changed: false });
  });

  it("records a note on the current status as a change when the lifecycle allows that status", () => {
    const from = { status: "under_review", submitted_at: new Date() };
    expect(planStatusChange({ from, to: "under_review", who: "admin", note: "Looked at" })).toEqual({ changed: true, setSubmittedAt: false });
  });

  it("sets the submission date on the first submission only", () => {
    expect(planStatusChange({ from: draft, to: "submitted", who: "applicant", note: null })).toEqual({ changed: true, setSubmittedAt: true });
    const returned = { status: "draft", submitted_at: new Date() };
    expect(planStatusChange({ from: returned, to: "submitted", who: "applicant", note: null })).toEqual({ changed: true, setSubmittedAt: false });
  });

  it("refuses a move outside the lifecycle, naming the allowed ones", () => {
    const plan = planStatusChange({ from: { status: "approved", submitted_at: new Date() }, to: "rejected", who: "admin", note: null });
    expect(plan).toEqual({
      refused: "not_allowed",
      message: "An application that is Approved cannot move to Rejected. Allowed: Reopen (to Under Review) with a note.",
    });
    expect(planStatusChange({ from: draft, to: "approved", who: "admin", note: null })).toMatchObject({
      message: "An application that is Draft cannot move to Approved. Allowed: none.",
    });
    expect(planStatusChange({ from: submitted, to: "approved", who: "applicant", note: null })).toMatchObject({ refused: "not_allowed" });
  });

  it("refuses a return or a reopen without a note", () => {
    expect(planStatusChange({ from: submitted, to: "draft", who: "admin", note: null })).toEqual({
      refused: "note_required",
      message: "Return for changes needs a note to the applicant.",
    });
  });
});

describe("allowedMoves", () => {
  it("offers staff the table's moves from each status", () => {
    const to = (s: string) => allowedMoves(s, "admin").map((m) => `${m.to}${m.noteRequired ? "*" : ""}`);
    expect(to("draft")).toEqual([]);
    expect(to("submitted")).toEqual(["under_review", "approved", "rejected", "draft*"]);
    expect(to("under_review")).toEqual(["under_review", "approved", "rejected", "draft*"]);
    expect(to("approved")).toEqual(["under_review*"]);
    expect(to("rejected")).toEqual(["under_review*"]);
    expect(allowedMoves("draft", "applicant").map((m) => m.to)).toEqual(["submitted"]);
  });
});

describe("paymentRefusal", () => {
  it("allows paying a submitted, under review or approved application once", () => {
    for (const status of ["submitted", "under_review", "approved"]) expect(paymentRefusal({ status, payment_status: "pending" })).toBeUndefined();
    expect(paymentRefusal({ status: "approved", payment_status: "paid" })).toBe("This application has already been paid for");
    expect(paymentRefusal({ status: "draft", payment_status: "pending" })).toBe("Submit your application before paying the fee.");
    expect(paymentRefusal({ status: "rejected", payment_status: "pending" })).toBe("A rejected application cannot be paid for.");
  });
});
