// Sign-in, sign-up and sign-out: HTML form posts that work without JavaScript, and JSON for the client.
import type { NextFunction, Request, Response } from "express";
import type { PageName } from "../../views/pages/registry.ts";
import { INVALID_CREDENTIALS } from "../auth/passport.ts";
import { hashPassword } from "../auth/passwords.ts";
import { ctx, locals } from "../context.ts";
import { ipOf, logIn, startCodeStep } from "../http/signIn.ts";
import { queueConfirmation } from "../mail/accountMessages.ts";
import { audit } from "../middleware/audit.ts";
import { STAFF_ENROL, safeReturnPath } from "../middleware/auth.ts";
import { HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, networkOf, signInAccountKey, withinLimit } from "../middleware/rateLimit.ts";
import { redirectWithFlash, sessionCookieName } from "../middleware/session.ts";
import { createUser, findUserByEmail, normalizeEmail } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { signInSchema, signUpSchema } from "../validation/auth.ts";
import { checkInput } from "../validation/validate.ts";

type Screen = "signin" | "signup" | "auth";
const PAGES: Record<Screen, { page: Extract<PageName, `auth/${string}`>; title: string; description: string }> = {
  signin: { page: "auth/SignIn", title: "Sign In", description: "Sign in to follow your visa applications." },
  signup: { page: "auth/SignUp", title: "Create Account", description: "Create an account to start your visa application online." },
  auth: { page: "auth/Auth", title: "Sign In or Create Account", description: "Sign in or create an account to manage your visa applications." },
};

export interface AuthFormState {
  error?: string;
  fields?: Record<string, string>;
  values?: { email?: string; fullName?: string };
  tab?: "signin" | "signup";
}

function show(screen: Screen, status = 200, state: AuthFormState = {}) {
  return (req: Request, res: Response) => {
    const next = screen === "auth" ? safeReturnPath(req.query.next ?? req.body?.next, "/dashboard") : "/dashboard";
    return renderPage(
      req,
      res,
      PAGES[screen].page,
      { ...state, next },
      { title: PAGES[screen].title, description: PAGES[screen].description, status },
    );
  };
}

/** GET /signin — the sign-in form */
export const signInPage = show("signin");
/** GET /signup — the sign-up form */
export const signUpPage = show("signup");
/** GET /auth — sign-in and sign-up on one page */
export const authPage = show("auth");

/** Which screen a form post came from, so a failure re-renders the same screen (no-JavaScript path). */
function screenOf(req: Request): Screen {
  if (req.body?.screen === "auth") return "auth";
  return req.path === "/signup" ? "signup" : "signin";
}

/** Answers a failed form: JSON for the client, the same screen with the message for a plain form post. */
async function fail(req: Request, res: Response, status: number, message: string, fields: Record<string, string> | undefined, state: AuthFormState) {
  if (wantsJson(req)) {
    if (status === 429) res.set("Retry-After", res.get("Retry-After") ?? "900");
    res.status(status).json({ error: fields ? { message, fields } : { message } });
    return;
  }
  await show(screenOf(req), status, { ...state, error: message, fields })(req, res);
}

/** Where a successful sign-in or sign-up goes: the page the person came for (from /auth), else the dashboard. */
const nextOf = (req: Request) => (screenOf(req) === "auth" ? safeReturnPath(req.body?.next) : "/dashboard");

function succeed(req: Request, res: Response, flash: { title: string; description: string }, next = nextOf(req)) {
  if (wantsJson(req)) {
    res.json({ redirect: next });
    return;
  }
  redirectWithFlash(req, res, next, flash);
}

/** POST /signin — checks the credentials (rate-limited per address and per account) and signs in */
export async function signIn(req: Request, res: Response, next: NextFunction): Promise<void> {
  const values = { email: typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "" };
  const parsed = checkInput(signInSchema, req.body);
  if (!parsed.ok) return fail(req, res, 400, "Please enter your email and password.", parsed.fields, { values, tab: "signin" });
  try {
    await enforceLimit(req, LIMITS.signInPerIp, networkOf(ipOf(req)));
    await enforceLimit(req, LIMITS.signInPerAccount, signInAccountKey(normalizeEmail(parsed.data.email), ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return fail(req, res, err.status, err.message, undefined, { values, tab: "signin" });
    throw err;
  }
  const { passport } = locals(req.app);
  passport.authenticate("local", { session: false }, async (err: unknown, user: Express.User | false) => {
    if (err) return next(err);
    try {
      if (!user) {
        const known = await findUserByEmail(ctx(req).db, parsed.data.email);
        await audit(req, { action: "sign_in_failed", actorId: null, subjectType: "account", subjectId: known?.id ?? null });
        return fail(req, res, 401, INVALID_CREDENTIALS, undefined, { values, tab: "signin" });
      }
      // With two-factor on, the password is only the first step: the throttle stays until the code is right.
      if (user.twoFactor) return startCodeStep(req, res, user.id, nextOf(req));
      await clearLimit(req, LIMITS.signInPerAccount, signInAccountKey(normalizeEmail(parsed.data.email), ipOf(req)));
      await logIn(req, res, user);
      await audit(req, { action: "sign_in", actorId: user.id, subjectType: "account", subjectId: user.id });
      // Staff without two-factor go straight to turning it on (with the set-up link they came from, if any): the admin
      // panel stays closed until then.
      if (user.isAdmin) {
        const next = nextOf(req);
        return succeed(req, res, STAFF_ENROL, next.startsWith("/account/two-factor?enrol=") ? next : "/account/two-factor");
      }
      succeed(req, res, { title: "Welcome back!", description: "Successfully signed in." });
    } catch (e) {
      next(e);
    }
  })(req, res, next);
}

/** POST /signup — creates an account (rate-limited per address) and signs it in */
export async function signUp(req: Request, res: Response): Promise<void> {
  const values = {
    email: typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "",
    fullName: typeof req.body?.fullName === "string" ? req.body.fullName.slice(0, 120) : "",
  };
  const parsed = checkInput(signUpSchema, req.body);
  if (!parsed.ok) return fail(req, res, 400, Object.values(parsed.fields)[0] ?? "Please check the form.", parsed.fields, { values, tab: "signup" });
  const { db } = ctx(req);
  try {
    await enforceLimit(req, LIMITS.signUpPerIp, networkOf(ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return fail(req, res, err.status, err.message, undefined, { values, tab: "signup" });
    throw err;
  }
  const { email, password, fullName } = parsed.data;
  const welcome = { title: "Success!", description: "Account created successfully. Redirecting to dashboard..." };
  // The password is hashed whether or not the address is taken, so the answer's timing does not tell either.
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  let user: { id: string; email: string; full_name: string } | undefined;
  if (!existing) {
    try {
      // The account and its confirmation message commit together.
      user = await db.transaction(async (trx) => {
        const created = await createUser(trx, { email, fullName, passwordHash });
        await queueConfirmation(ctx(req).outbox, trx, created);
        return created;
      });
    } catch (err) {
      if ((err as { code?: string }).code !== "23505") throw err;
    }
  }
  if (!user) {
    // An address that has an account answers as a new one would (nobody learns who is registered); its owner is told.
    const owner = existing ?? (await findUserByEmail(db, email));
    if (owner && (await withinLimit(req, LIMITS.signUpNoticePerAccount, owner.id))) {
      await db.transaction((trx) =>
        ctx(req).outbox.queue(trx, { kind: "account_exists", to: owner.email, userId: owner.id, data: { name: owner.full_name } }),
      );
    }
    await audit(req, { action: "sign_up_existing", actorId: null, subjectType: "account", subjectId: owner?.id ?? null });
    return succeed(req, res, welcome);
  }
  await logIn(req, res, { id: user.id, email: user.email, fullName: user.full_name, isAdmin: false, twoFactor: false });
  await audit(req, { action: "sign_up", actorId: user.id, subjectType: "account", subjectId: user.id });
  succeed(req, res, welcome);
}

/** POST /signout — ends the session and goes to the sign-in page */
export function signOut(req: Request, res: Response, next: NextFunction): void {
  const { config } = ctx(req);
  req.logout((err) => {
    if (err) return next(err);
    req.session.destroy((destroyErr) => {
      if (destroyErr) return next(destroyErr);
      res.clearCookie(sessionCookieName(req.secure, config), { path: "/" });
      // The browser forgets what this tab kept (the wizard's unsaved answers): a shared computer shows the next person nothing.
      res.set("Clear-Site-Data", '"storage"');
      if (wantsJson(req)) res.json({ redirect: "/auth" });
      else res.redirect(303, "/auth");
    });
  });
}

/** GET /api/session — touches the session (rolling idle timeout) and says who is signed in */
export function sessionStatus(_req: Request, res: Response): void {
  res.set("Cache-Control", "no-store").json({ user: res.locals.user ?? null });
}
