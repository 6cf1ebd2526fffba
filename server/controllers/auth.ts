// Sign-in, sign-up and sign-out: HTML form posts that work without JavaScript, and JSON for the client.
import type { NextFunction, Request, Response } from "express";
import type { SignUpValues } from "../../views/components/forms/SignUpForm.tsx";
import type { PageName } from "../../views/pages/registry.ts";
import { signIn } from "../actions/account/signIn.ts";
import { signUp } from "../actions/account/signUp.ts";
import { ACCOUNT_DEACTIVATED, INVALID_CREDENTIALS } from "../auth/passport.ts";
import { ctx, locals } from "../context.ts";
import { channelWords, consentWords } from "../domain/channels.ts";
import { guestActor, orRefuse } from "../http/actions.ts";
import { ipOf, logIn, startCodeStep } from "../http/signIn.ts";
import { countSignInFailure } from "../metrics/index.ts";
import { STAFF_ENROL, safeReturnPath } from "../middleware/auth.ts";
import { type FormRefusal, HttpError } from "../middleware/errors.ts";
import { clearLimit, enforceLimit, LIMITS, networkOf, signInAccountKey, withinLimit } from "../middleware/rateLimit.ts";
import { redirectWithFlash, sessionCookieName } from "../middleware/session.ts";
import { normalizeEmail } from "../models/users.ts";
import { renderPage, wantsJson } from "../render/renderPage.ts";
import { passwordRule, signInSchema, signUpSchema } from "../validation/auth.ts";
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
  values?: SignUpValues;
  tab?: "signin" | "signup";
}

function show(screen: Screen, status = 200, state: AuthFormState = {}) {
  return (req: Request, res: Response) => {
    const next = screen === "auth" ? safeReturnPath(req.query.next ?? req.body?.next, "/dashboard") : "/dashboard";
    return renderPage(
      req,
      res,
      PAGES[screen].page,
      // Only the forms that create an account choose a password, and may choose WhatsApp and SMS updates.
      {
        ...state,
        next,
        ...(screen === "signin" ? {} : { passwordRule: passwordRule("applicant"), channels: channelWords(consentWords, ctx(req).config.site.name) }),
      },
      { title: PAGES[screen].title, description: PAGES[screen].description, status },
    );
  };
}

/** GET /signin — the sign-in form */
export const signInPage = show("signin");
const queryText = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : undefined);

/** GET /signup[?email=&name=] — the sign-up form (prefilled from a consultation's invitation) */
export const signUpPage = (req: Request, res: Response) =>
  show("signup", 200, { values: { email: queryText(req.query.email, 254), fullName: queryText(req.query.name, 120) } })(req, res);
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

/** What the person typed, kept for the form when it is refused (never the password). */
function typed(req: Request): SignUpValues {
  const body = req.body ?? {};
  return {
    email: typeof body.email === "string" ? body.email.slice(0, 254) : "",
    fullName: typeof body.fullName === "string" ? body.fullName.slice(0, 120) : "",
    ...(typeof body.channelPhone === "string" && body.channelPhone ? { channelPhone: body.channelPhone.slice(0, 32) } : {}),
    ...(body.whatsapp === "yes" ? { whatsapp: true } : {}),
    ...(body.sms === "yes" ? { sms: true } : {}),
  };
}

const tabOf = (req: Request) => (req.path === "/signup" ? "signup" : "signin");

/** A refused sign-in or sign-up post (origin, CSRF, an action's refusal): the same screen, its message, the typed values. */
export const authFormRefused: FormRefusal = (req, res, { status, message, fields }) =>
  fail(req, res, status, message, fields, { values: typed(req), tab: tabOf(req) });

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
export async function signInForm(req: Request, res: Response, next: NextFunction): Promise<void> {
  const values = { email: typed(req).email };
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
  passport.authenticate("local", { session: false }, async (err: unknown, user: Express.User | false, info?: { message?: string }) => {
    if (err) return next(err);
    try {
      const { email } = parsed.data;
      if (!user) {
        countSignInFailure();
        const refused = await signIn(ctx(req), guestActor(req), { email, userId: null, deactivated: info?.message === ACCOUNT_DEACTIVATED });
        return fail(req, res, refused.ok ? 401 : refused.status, refused.ok ? INVALID_CREDENTIALS : refused.message, undefined, {
          values,
          tab: "signin",
        });
      }
      // With two-factor on, the password is only the first step: the throttle stays until the code is right.
      if (user.twoFactor) return startCodeStep(req, res, user.id, nextOf(req));
      await signIn(ctx(req), guestActor(req), { email, userId: user.id });
      await clearLimit(req, LIMITS.signInPerAccount, signInAccountKey(normalizeEmail(email), ipOf(req)));
      await logIn(req, res, user);
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
export async function signUpForm(req: Request, res: Response): Promise<void> {
  const values = typed(req);
  const parsed = checkInput(signUpSchema, req.body);
  if (!parsed.ok) return fail(req, res, 400, Object.values(parsed.fields)[0] ?? "Please check the form.", parsed.fields, { values, tab: "signup" });
  try {
    await enforceLimit(req, LIMITS.signUpPerIp, networkOf(ipOf(req)));
  } catch (err) {
    if (err instanceof HttpError) return fail(req, res, err.status, err.message, undefined, { values, tab: "signup" });
    throw err;
  }
  const { user } = orRefuse(
    await signUp(ctx(req), guestActor(req), {
      ...parsed.data,
      mayTellOwner: (ownerId) => withinLimit(req, LIMITS.signUpNoticePerAccount, ownerId),
    }),
  );
  if (user) await logIn(req, res, { id: user.id, email: user.email, fullName: user.full_name, isAdmin: false, staffRole: null, twoFactor: false });
  succeed(req, res, { title: "Success!", description: "Account created successfully. Redirecting to dashboard..." });
}

/** POST /signout — ends the session and goes to the sign-in page */
export function signOutForm(req: Request, res: Response, next: NextFunction): void {
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
export function sessionApi(_req: Request, res: Response): void {
  res.set("Cache-Control", "no-store").json({ user: res.locals.user ?? null });
}
