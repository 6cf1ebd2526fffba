// Sign-in, sign-up and sign-out: HTML form posts that work without JavaScript, and JSON for the client.
import type { NextFunction, Request, Response } from "express";
import type { ZodType } from "zod";
import { INVALID_CREDENTIALS } from "../auth/passport.ts";
import { hashPassword } from "../auth/passwords.ts";
import { ctx } from "../context.ts";
import { safeReturnPath } from "../middleware/auth.ts";
import { HttpError, zodFields } from "../middleware/errors.ts";
import { enforceLimit, LIMITS } from "../middleware/rateLimit.ts";
import { setFlash } from "../middleware/session.ts";
import { createUser, findUserByEmail, normalizeEmail } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { signInSchema, signUpSchema } from "../validation/auth.ts";
import { queueConfirmation } from "./emailConfirmation.ts";

type Screen = "signin" | "signup" | "auth";
const PAGES: Record<Screen, { page: string; title: string; description: string }> = {
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

export const signInPage = show("signin");
export const signUpPage = show("signup");
export const authPage = show("auth");

/** Which screen a form post came from, so a failure re-renders the same screen (no-JavaScript path). */
function screenOf(req: Request): Screen {
  if (req.body?.screen === "auth") return "auth";
  return req.path === "/signup" ? "signup" : "signin";
}

export function parse<T>(schema: ZodType<T>, body: unknown): { ok: true; data: T } | { ok: false; fields: Record<string, string> } {
  const result = schema.safeParse(body ?? {});
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: zodFields(result.error) };
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

function succeed(req: Request, res: Response, flash: { title: string; description: string }) {
  const next = screenOf(req) === "auth" ? safeReturnPath(req.body?.next) : "/dashboard";
  if (wantsJson(req)) {
    res.json({ redirect: next });
    return;
  }
  setFlash(req, flash);
  res.redirect(303, next);
}

export function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.login(user, (err) => {
      if (err) return reject(err);
      req.session.startedAt = Date.now();
      resolve();
    }),
  );
}

export function ipOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export async function signIn(req: Request, res: Response, next: NextFunction): Promise<void> {
  const values = { email: typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "" };
  const parsed = parse(signInSchema, req.body);
  if (!parsed.ok) return fail(req, res, 400, "Please enter your email and password.", parsed.fields, { values, tab: "signin" });
  try {
    await enforceLimit(req, LIMITS.signInPerIp, ipOf(req));
    await enforceLimit(req, LIMITS.signInPerAccount, normalizeEmail(parsed.data.email));
  } catch (err) {
    if (err instanceof HttpError) return fail(req, res, err.status, err.message, undefined, { values, tab: "signin" });
    throw err;
  }
  const passport = req.app.locals.passport;
  passport.authenticate("local", { session: false }, async (err: unknown, user: Express.User | false) => {
    if (err) return next(err);
    if (!user) return fail(req, res, 401, INVALID_CREDENTIALS, undefined, { values, tab: "signin" });
    try {
      await logIn(req, user);
      succeed(req, res, { title: "Welcome back!", description: "Successfully signed in." });
    } catch (e) {
      next(e);
    }
  })(req, res, next);
}

export async function signUp(req: Request, res: Response): Promise<void> {
  const values = {
    email: typeof req.body?.email === "string" ? req.body.email.slice(0, 254) : "",
    fullName: typeof req.body?.fullName === "string" ? req.body.fullName.slice(0, 120) : "",
  };
  const parsed = parse(signUpSchema, req.body);
  if (!parsed.ok) return fail(req, res, 400, Object.values(parsed.fields)[0] ?? "Please check the form.", parsed.fields, { values, tab: "signup" });
  const { db } = ctx(req);
  try {
    await enforceLimit(req, LIMITS.signUpPerIp, ipOf(req));
  } catch (err) {
    if (err instanceof HttpError) return fail(req, res, err.status, err.message, undefined, { values, tab: "signup" });
    throw err;
  }
  const { email, password, fullName } = parsed.data;
  const alreadyRegistered = () =>
    fail(req, res, 409, "An account with this email already exists. Sign in instead.", { email: "Already registered" }, { values, tab: "signup" });
  if (await findUserByEmail(db, email)) {
    return alreadyRegistered();
  }
  let user: { id: string; email: string; full_name: string };
  const passwordHash = await hashPassword(password);
  try {
    // The account and its confirmation message commit together.
    user = await db.transaction(async (trx) => {
      const created = await createUser(trx, { email, fullName, passwordHash });
      await queueConfirmation(trx, created);
      return created;
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") {
      return alreadyRegistered();
    }
    throw err;
  }
  await logIn(req, { id: user.id, email: user.email, fullName: user.full_name, isAdmin: false });
  succeed(req, res, { title: "Success!", description: "Account created successfully. Redirecting to dashboard..." });
}

export function signOut(req: Request, res: Response, next: NextFunction): void {
  const { config } = ctx(req);
  req.logout((err) => {
    if (err) return next(err);
    req.session.destroy((destroyErr) => {
      if (destroyErr) return next(destroyErr);
      res.clearCookie(config.session.cookieName, { path: "/" });
      if (wantsJson(req)) res.json({ redirect: "/auth" });
      else res.redirect(303, "/auth");
    });
  });
}

/** GET /api/session: touches the session (rolling idle timeout) and says who is signed in. */
export function sessionStatus(_req: Request, res: Response): void {
  res.set("Cache-Control", "no-store").json({ user: res.locals.user ?? null });
}
