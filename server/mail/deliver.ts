// One delivery attempt of one recorded message: render it, make its one-time link if it has one, send, record.
import type { Knex } from "knex";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { issueToken, staleLink, type TokenPurpose } from "../models/accountTokens.ts";
import { findMessage, markAttemptFailed, markNotSent, markSent } from "../models/emailMessages.ts";
import { issueInvitationToken } from "../models/familyInvitations.ts";
import { bookingInvite, bookingLinks } from "./bookingMail.ts";
import { inlineImages } from "./images.ts";
import { buildContent, type MailKind } from "./messages.ts";
import type { MessageRow } from "./outbox.ts";
import { renderHtml } from "./templates/EmailLayout.tsx";
import { renderText } from "./templates/text.ts";
import { type MailTransport, NOT_CONFIGURED } from "./transport.ts";

export interface DeliverDeps {
  db: Knex;
  config: Config;
  logger: Logger;
  transport: MailTransport;
  baseUrl: string;
}

/** The messages with a one-time link: its page, and the purpose of its token. */
const SECRET_LINKS: Record<string, { path: string; purpose: TokenPurpose }> = {
  password_reset: { path: "/reset-password", purpose: "password_reset" },
  email_confirm: { path: "/confirm-email", purpose: "email_confirm" },
  email_change_confirm: { path: "/confirm-email-change", purpose: "email_change" },
  staff_invitation: { path: "/staff/invitation", purpose: "staff_invite" },
};

/** A link message that must not go out: its link would outlive a credential event, or reach a former address. */
class StaleLink extends Error {}

/** The one-time link of a reset or confirmation message, issued now so no token is ever recorded in plain form. */
async function secretLink(deps: DeliverDeps, row: MessageRow): Promise<string | undefined> {
  if (row.kind === "family_invitation") {
    // A family member may have no account yet: the link is the invitation's own, made now, replacing the one before.
    const token = await issueInvitationToken(deps.db, String(row.data.invitationId ?? ""));
    if (!token) throw new StaleLink("the invitation was accepted, withdrawn or has expired");
    return `${deps.baseUrl}/family/invitation?token=${token}`;
  }
  const link = SECRET_LINKS[row.kind];
  if (!link) return undefined;
  if (!row.user_id) throw new Error("the account no longer exists");
  const stale = await staleLink(deps.db, row.user_id, link.purpose, row.to_address, new Date(row.created_at));
  if (stale) throw new StaleLink(stale);
  // A change of e-mail is confirmed from the new address: the token carries it.
  const newEmail = link.purpose === "email_change" ? row.to_address : undefined;
  const token = await issueToken(deps.db, row.user_id, link.purpose, newEmail);
  if (!token) throw new Error("the account no longer exists");
  return `${deps.baseUrl}${link.path}?token=${token}`;
}

export async function deliver(deps: DeliverDeps, messageId: string, attempt: number, maxAttempts: number): Promise<void> {
  const { db, logger } = deps;
  const row = await findMessage<MailKind>(db, messageId);
  // Already delivered (a retried job after a crash, or a second request): never sent twice.
  if (!row || row.status === "sent" || row.status === "not_sent") return;
  try {
    const secretUrl = await secretLink(deps, row);
    const links = await bookingLinks(db, row, deps.baseUrl);
    const content = buildContent(row.kind, row.data, { url: (p) => `${deps.baseUrl}${p}`, secretUrl, bookingLinks: links });
    const site = deps.config.site;
    const replyTo = row.kind === "enquiry_staff" && typeof row.data.email === "string" ? row.data.email : undefined;
    const { file } = await deps.transport.send({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      html: renderHtml(content, site),
      text: renderText(content, site),
      replyTo,
      invite: bookingInvite(row),
      images: await inlineImages(content),
    });
    if (file) {
      await markNotSent(db, row.id, NOT_CONFIGURED);
      logger.info({ messageId: row.id, kind: row.kind, file }, "mail not sent (no mail server configured): written to file");
      if (secretUrl && deps.config.env === "development")
        logger.info({ messageId: row.id }, `development only: link of the ${row.kind} message: ${secretUrl}`);
    } else {
      await markSent(db, row.id, attempt);
      logger.info({ messageId: row.id, kind: row.kind }, "mail sent");
    }
  } catch (err) {
    if (err instanceof StaleLink) {
      await markNotSent(db, row.id, `Not sent: ${err.message}.`);
      logger.info({ messageId: row.id, kind: row.kind }, "link message not sent: a credential event or an address change came after it");
      return;
    }
    const last = attempt >= maxAttempts;
    const message = err instanceof Error ? err.message : String(err);
    await markAttemptFailed(db, row.id, message, attempt, last);
    logger.warn(
      { messageId: row.id, kind: row.kind, attempt, last, err: message },
      last ? "mail failed for good" : "mail attempt failed: will retry",
    );
    throw err;
  }
}
