// Ops: create an admin (or grant the role to an existing user) and revoke it. Run through `npm run admin:*`.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { hashPassword } from "../auth/passwords.ts";
import { createKnex } from "../db/knex.ts";
import { createUser, findUserByEmail, grantAdmin, revokeAdmin } from "../models/users.ts";

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } } });
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set (run through npm run admin:create / admin:revoke)");
const email = values.email?.trim();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  console.error("usage: admin:create -- --email a@b.ng --name 'Full Name' [--password …] | admin:revoke -- --email a@b.ng");
  process.exit(2);
}
const db = createKnex(url, 1);
try {
  const existing = await findUserByEmail(db, email);
  if (command === "create") {
    if (existing) {
      await grantAdmin(db, existing.id);
      console.log(`${existing.email} is now an admin.`);
    } else {
      const name = values.name?.trim();
      if (!name) throw new Error("--name is required for a new user");
      const password = values.password ?? randomBytes(12).toString("base64url");
      if (password.length < 6) throw new Error("The password must be at least 6 characters");
      const user = await createUser(db, { email, fullName: name, passwordHash: await hashPassword(password) });
      await grantAdmin(db, user.id);
      console.log(`Created admin ${user.email}${values.password ? "" : ` with password: ${password}`}`);
    }
  } else if (command === "revoke") {
    if (!existing) throw new Error(`No user with email ${email}`);
    const removed = await revokeAdmin(db, existing.id);
    console.log(removed ? `${existing.email} is no longer an admin.` : `${existing.email} was not an admin.`);
  } else {
    throw new Error(`Unknown command ${command}`);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
