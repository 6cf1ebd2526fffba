// The account page: profile, password change (ends the other sessions), devices signed in, and their guards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

describe("the account page", () => {
  it("shows the profile, two-factor state and this device among the sessions", async () => {
    const user = await makeUser(t.db, { fullName: "Halima Musa", email: "halima@example.com" });
    const laptop = await signedIn(t.app, user);
    await signedIn(t.app, user);
    const { props } = (await laptop.getJson("/account").expect(200)).body;
    expect(props.profile).toEqual({ fullName: "Halima Musa", phone: "", email: "halima@example.com", emailConfirmed: false });
    expect(props.twoFactor).toBe(false);
    expect(props.sessions).toHaveLength(2);
    expect(props.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // The list never carries a session id that could be used as a cookie.
    const sids = await t.db("user_sessions").pluck("sid");
    expect(JSON.stringify(props.sessions)).not.toMatch(new RegExp(sids.join("|")));
  });

  it("saves the name and phone (in international form), and refuses bad input without changing anything", async () => {
    const user = await makeUser(t.db, { fullName: "Uche Eze" });
    const c = await signedIn(t.app, user);
    const bad = await c.post("/api/account/profile", { fullName: "  ", phone: "call me" }).expect(400);
    expect(bad.body.error.fields).toMatchObject({ fullName: "Full name is required", phone: expect.stringContaining("Enter a phone number") });
    expect((await t.db("users").where({ id: user.id }).first("full_name")).full_name).toBe("Uche Eze");
    await c.post("/api/account/profile", { fullName: "Uchenna Eze", phone: "0803 111 2222" }).expect(200);
    expect(await t.db("users").where({ id: user.id }).first("full_name", "phone")).toEqual({ full_name: "Uchenna Eze", phone: "+2348031112222" });
  });

  it("changes the password with the current one, by the sign-up rule, and signs every other device out", async () => {
    const user = await makeUser(t.db, { fullName: "Bisi Ade" });
    const here = await signedIn(t.app, user);
    const there = await signedIn(t.app, user);
    const wrong = await here.post("/api/account/password", { currentPassword: "not-it", newPassword: "Harmattan-Ferry-72" }).expect(400);
    expect(wrong.body.error.fields.currentPassword).toBe("Password is incorrect");
    const weak = await here.post("/api/account/password", { currentPassword: user.password, newPassword: "password" }).expect(400);
    expect(weak.body.error.fields.newPassword).toBeTruthy();
    await there.getJson("/dashboard").expect(200);
    const ok = await here.post("/api/account/password", { currentPassword: user.password, newPassword: "Harmattan-Ferry-72" }).expect(200);
    expect(ok.body.message).toContain("1 other device was signed out");
    await here.getJson("/dashboard").expect(200);
    expect((await there.get("/dashboard").expect(303)).headers.location).toMatch(/^\/auth/);
    await signedIn(t.app, { ...user, password: "Harmattan-Ferry-72" });
    expect(await t.db("audit_events").where({ action: "password_changed", subject_id: user.id }).first()).toBeDefined();
  });

  it("counts wrong current passwords like sign-in; the right one clears the count, even when the new one is refused", async () => {
    const user = await makeUser(t.db);
    const c = await signedIn(t.app, user);
    const wrongTry = () => c.post("/api/account/password", { currentPassword: "not-it", newPassword: "Harmattan-Ferry-72" });
    for (let i = 0; i < 9; i++) await wrongTry().expect(400);
    const weak = await c.post("/api/account/password", { currentPassword: user.password, newPassword: "password" }).expect(400);
    expect(weak.body.error.fields.newPassword).toBeTruthy();
    // A fresh count: ten more wrong tries are answered, the eleventh is throttled.
    for (let i = 0; i < 10; i++) await wrongTry().expect(400);
    const throttled = await wrongTry().expect(429);
    expect(throttled.body.error.message).toMatch(/Too many sign-in attempts/);
    expect(await t.db("audit_events").where({ action: "password_changed", subject_id: user.id }).first()).toBeUndefined();
  });

  it("asks staff for a staff-strength password", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const c = await signedIn(t.app, admin);
    const res = await c.post("/api/account/password", { currentPassword: admin.password, newPassword: "Ferry-72-ab" }).expect(400);
    expect(res.body.error.fields.newPassword).toMatch(/12 characters/);
  });

  it("signs every other device out on request", async () => {
    const user = await makeUser(t.db);
    const here = await signedIn(t.app, user);
    const a = await signedIn(t.app, user);
    const b = await signedIn(t.app, user);
    const res = await here.post("/api/account/sessions/others").expect(200);
    expect(res.body.message).toBe("2 other devices were signed out.");
    for (const other of [a, b]) expect((await other.get("/dashboard").expect(303)).headers.location).toMatch(/^\/auth/);
    await here.getJson("/account").expect(200);
    expect(await t.db("audit_events").where({ action: "sessions_ended", subject_id: user.id }).first()).toBeDefined();
  });
});
