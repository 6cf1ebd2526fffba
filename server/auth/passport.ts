// passport-local on email + password; the session keeps only the user id.
import type { Request } from "express";
import type { Knex } from "knex";
import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { SessionUser } from "../../views/types.ts";
import { userReadWithSession } from "../middleware/session.ts";
import { findSessionUser, findUserByEmail } from "../models/users.ts";
import { dummyHash, verifyPassword } from "./passwords.ts";

declare global {
  namespace Express {
    interface User extends SessionUser {}
  }
}

export const INVALID_CREDENTIALS = "Invalid email or password";
/** Only after the right password: a wrong one answers as for any address. */
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Ask your manager if you need access again.";

export function createPassport(db: Knex): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: "email", passwordField: "password", session: true }, async (email, password, done) => {
      try {
        const row = await findUserByEmail(db, email);
        const ok = await verifyPassword(row?.password_hash ?? (await dummyHash()), password);
        if (!row || !ok) return done(null, false, { message: INVALID_CREDENTIALS });
        if (row.deactivated_at) return done(null, false, { message: ACCOUNT_DEACTIVATED });
        const user = await findSessionUser(db, row.id);
        return done(null, user ?? false);
      } catch (err) {
        return done(err);
      }
    }),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser(async (req: Request, id: string, done: (err: unknown, user?: Express.User | false) => void) => {
    try {
      // Usually the session store has read the user with the session already (middleware/session.ts).
      const read = userReadWithSession(req);
      if (read !== undefined && (read === null || read.id === id)) return done(null, read ?? false);
      done(null, (await findSessionUser(db, id)) ?? false);
    } catch (err) {
      done(err);
    }
  });
  return passport;
}
