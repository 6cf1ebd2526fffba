// "My data": the person's copy of everything the site keeps about them (a zip, streamed), and deleting the account.
import type { Request, Response } from "express";
import yazl from "yazl";
import { eraseAccount, notErasable } from "../actions/account/eraseAccount.ts";
import { exportAccountData } from "../actions/account/exportAccountData.ts";
import { ctx } from "../context.ts";
import { orRefuse, signedInActor } from "../http/actions.ts";
import { ipOf } from "../http/signIn.ts";
import { HttpError } from "../middleware/errors.ts";
import { enforceLimit, LIMITS, signInAccountKey } from "../middleware/rateLimit.ts";
import { redirectWithFlash } from "../middleware/session.ts";
import type { AccountExport, StoredFile } from "../models/accountData.ts";
import { findSessionUser, normalizeEmail } from "../models/users.ts";
import { deleteAccountSchema, downloadDataSchema } from "../validation/account.ts";
import { checkInput, parseInput } from "../validation/validate.ts";

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The files of the export, each once, with whether storage still has it (noted in the JSON, never a failure). */
function filesOf(data: AccountExport): StoredFile[] {
  return data.applications.flatMap((a) => [
    ...a.documents.map((d) => d.file),
    ...a.passportFiles.map((p) => p.file),
    ...a.signatures.map((s) => s.file),
    ...a.agreements.map((s) => s.file),
  ]);
}

/**
 * POST /account/data/download {password}: a zip of account.json, one JSON per application, checklists, messages, and
 * the files. A form post with the password (throttled like sign-in), so no link from another site can start it; a
 * refusal goes back to the account page with the reason.
 */
export async function downloadDataForm(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  const { db, storage, logger } = ctx(req);
  const refuse = (description: string) =>
    redirectWithFlash(req, res, "/account#my-data", { title: "Data not downloaded", description, variant: "destructive" });
  const parsed = checkInput(downloadDataSchema, req.body);
  if (!parsed.ok) return refuse(parsed.fields.password ?? "Enter your current password");
  const account = await findSessionUser(db, actor.userId);
  if (!account) throw new HttpError(404, "Account not found");
  try {
    await enforceLimit(req, LIMITS.signInPerAccount, signInAccountKey(normalizeEmail(account.email), ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return refuse(err.message);
    throw err;
  }
  const exported = await exportAccountData(ctx(req), actor, { password: parsed.data.password });
  if (!exported.ok) return refuse(exported.message);
  const { data } = exported;
  const present = new Map<string, boolean>();
  for (const file of filesOf(data)) {
    const found = await storage.get(file.key);
    found?.stream.destroy();
    present.set(file.key, Boolean(found));
  }
  const zip = new yazl.ZipFile();
  const mark = (file: StoredFile) => ({ file: present.get(file.key) ? file.name : null, missing: !present.get(file.key) || undefined });
  zip.addBuffer(json(data.account), "account.json");
  for (const app of data.applications) {
    zip.addBuffer(
      json({
        ...app.record,
        statusHistory: app.history,
        conversation: app.conversation,
        documents: app.documents.map((d) => ({ type: d.type, fileName: d.fileName, uploadedAt: d.uploadedAt, ...mark(d.file) })),
        passportFiles: app.passportFiles.map((p) => ({ kind: p.kind, ...mark(p.file) })),
        signatures: app.signatures.map(({ file, ...s }) => ({ ...s, ...mark(file) })),
        agreements: app.agreements.map(({ file, ...s }) => ({ ...s, ...mark(file) })),
      }),
      `applications/${app.reference}.json`,
    );
  }
  zip.addBuffer(json(data.checklists), "checklists.json");
  zip.addBuffer(json(data.channels), "channels.json");
  zip.addBuffer(json(data.messages), "messages.json");
  zip.addBuffer(
    Buffer.from(
      "Your data from our site, as kept on the day of this download.\n\naccount.json: your account.\napplications/: each application with its status history, messages with our team, payments, documents, the answer sheets and service agreements you signed.\nchecklists.json, messages.json: your checklists and the e-mails we sent you.\nchannels.json: your choices of WhatsApp and SMS updates (each one, with the words you agreed to), and WhatsApp messages between us.\nfiles/: the documents, passport scans and photos you uploaded, and the PDFs of what you signed.\n",
    ),
    "README.txt",
  );
  // One file opened at a time, as the zip reaches it: a large export never holds many files open or in memory.
  for (const file of filesOf(data)) {
    if (!present.get(file.key)) continue;
    zip.addReadStreamLazy(file.name, (cb) => {
      storage.get(file.key).then(
        (found) => (found ? cb(null, found.stream) : cb(new Error(`${file.key} is gone`), undefined as never)),
        (err) => cb(err, undefined as never),
      );
    });
  }
  zip.end();
  const day = new Date().toISOString().slice(0, 10);
  res.set({
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="my-data-${day}.zip"`,
    "Cache-Control": "no-store",
  });
  zip.outputStream.on("error", (err) => {
    logger.error({ err }, "data export failed while streaming");
    res.destroy(err as Error);
  });
  zip.outputStream.pipe(res);
}

/** POST /api/account/delete {password, confirm: "DELETE"}: erases the account (the rule: actions/account/eraseAccount.ts). */
export async function deleteAccountApi(req: Request, res: Response): Promise<void> {
  const actor = signedInActor(req, res);
  const input = parseInput(deleteAccountSchema, req.body, "Please check the form.");
  const { db, logger } = ctx(req);
  const user = await findSessionUser(db, actor.userId);
  if (!user) throw new HttpError(404, "Account not found");
  const refused = notErasable(user);
  if (refused) orRefuse(refused);
  await enforceLimit(req, LIMITS.signInPerAccount, signInAccountKey(normalizeEmail(user.email), ipOf(req)));
  orRefuse(await eraseAccount(ctx(req), actor, { password: input.password }));
  // Nothing the tab kept stays behind (the wizard's unsaved answers).
  res.set("Clear-Site-Data", '"storage"');
  // Signed out on a fresh session, which carries the toast to the sign-in page (public pages have no session).
  req.session.regenerate((err) => {
    // The account is gone either way: without a fresh session the toast is lost, not the answer.
    if (err) {
      logger.warn({ err }, "no fresh session after an account deletion");
      return void res.json({ redirect: "/signin" });
    }
    req.session.flash = {
      title: "Account deleted",
      description: "Your account and your personal details are gone. Thank you for using our services.",
    };
    res.json({ redirect: "/signin" });
  });
}
