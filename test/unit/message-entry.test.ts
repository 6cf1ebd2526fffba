// How staff see a recorded e-mail's delivery: one written to the mail folder (no mail server configured) reads as
// written there, before and since that wording; one really not sent keeps its reason.
import { describe, expect, it } from "vitest";
import { NOT_CONFIGURED, NOT_CONFIGURED_BEFORE } from "../../server/mail/transport.ts";
import type { EmailMessageRow } from "../../server/models/emailMessages.ts";
import { messageEntry } from "../../server/presenters/messaging.ts";

const row = (status: EmailMessageRow["status"], error: string | null): EmailMessageRow => ({
  id: "00000000-0000-4000-8000-000000000001",
  kind: "status_changed",
  to_address: "ada@example.com",
  subject: "Your application",
  data: {},
  user_id: null,
  application_id: null,
  enquiry_id: null,
  status,
  error,
  attempts: 1,
  created_at: new Date("2026-11-01T10:00:00Z"),
  updated_at: new Date("2026-11-01T10:00:00Z"),
  sent_at: null,
});

describe("a recorded e-mail as staff see it", () => {
  it("written to the mail folder with no mail server: 'written', with no error line", () => {
    expect(NOT_CONFIGURED).toBe("Written to the mail folder (no mail server configured)");
    for (const error of [NOT_CONFIGURED, NOT_CONFIGURED_BEFORE]) {
      expect(messageEntry(row("not_sent", error))).toMatchObject({ status: "written", error: null });
    }
  });

  it("not sent for another reason, sent or failed: as recorded", () => {
    expect(messageEntry(row("not_sent", "Not sent: the status change was undone."))).toMatchObject({
      status: "not_sent",
      error: "Not sent: the status change was undone.",
    });
    expect(messageEntry(row("sent", null))).toMatchObject({ status: "sent", error: null });
    expect(messageEntry(row("failed", "connect ECONNREFUSED"))).toMatchObject({ status: "failed", error: "connect ECONNREFUSED" });
  });
});
