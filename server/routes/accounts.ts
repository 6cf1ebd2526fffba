// The account routes: sign-in and sign-up, two-factor, password reset, e-mail confirmation and change, the account page.
import * as account from "../controllers/account.ts";
import * as auth from "../controllers/auth.ts";
import * as csrf from "../controllers/csrf.ts";
import * as emailChange from "../controllers/emailChange.ts";
import * as emailConfirmation from "../controllers/emailConfirmation.ts";
import * as familyInvitation from "../controllers/familyInvitation.ts";
import * as myData from "../controllers/myData.ts";
import * as passwordReset from "../controllers/passwordReset.ts";
import * as staffInvitation from "../controllers/staffInvitation.ts";
import * as twoFactor from "../controllers/twoFactor.ts";
import { api, get, post, type Route } from "./define.ts";

export const accountRoutes: Route[] = [
  // Accounts
  get("/auth", "guest", auth.authPage),
  get("/signin", "guest", auth.signInPage),
  get("/signup", "guest", auth.signUpPage),
  post("/signin", "guest", auth.signInForm, auth.authFormRefused),
  get("/signin/code", "guest", twoFactor.codePage),
  post("/signin/code", "guest", twoFactor.codeForm, twoFactor.codeFormRefused),
  post("/signup", "guest", auth.signUpForm, auth.authFormRefused),
  post("/signout", "any", auth.signOutForm),
  get("/forgot-password", "guest", passwordReset.forgotPasswordPage),
  post("/forgot-password", "any", passwordReset.forgotPasswordForm, passwordReset.forgotPasswordRefused),
  get("/reset-password", "any", passwordReset.resetPasswordPage),
  post("/reset-password", "any", passwordReset.resetPasswordForm, passwordReset.resetPasswordRefused),
  get("/confirm-email", "any", emailConfirmation.confirmPage),
  get("/staff/invitation", "any", staffInvitation.invitationPage),
  post("/staff/invitation", "any", staffInvitation.invitationForm, staffInvitation.invitationRefused),
  // An adult family member's invitation to their own part of a family application (opened signed out or in).
  get("/family/invitation", "any", familyInvitation.familyInvitationPage),
  post("/family/invitation", "user", familyInvitation.acceptFamilyInvitationForm, familyInvitation.familyInvitationRefused),
  api("post", "/api/account/confirmation", "user", emailConfirmation.resendApi, "none"),
  api("post", "/api/account/email", "user", emailChange.requestChangeApi),
  get("/confirm-email-change", "any", emailChange.confirmChangePage),
  get("/account", "user", account.accountPage),
  api("post", "/api/account/profile", "user", account.profileApi),
  api("post", "/api/account/channels", "user", account.channelsApi),
  api("post", "/api/account/password", "user", account.passwordApi),
  api("post", "/api/account/sessions/others", "user", account.signOutOthersApi, "none"),
  post("/account/data/download", "user", myData.downloadDataForm),
  api("post", "/api/account/delete", "user", myData.deleteAccountApi),
  get("/account/two-factor", "user", twoFactor.twoFactorPage),
  api("post", "/api/account/two-factor", "user", twoFactor.enableApi),
  api("post", "/api/account/two-factor/disable", "user", twoFactor.disableApi),
  api("post", "/api/account/two-factor/recovery-codes", "user", twoFactor.renewCodesApi),
  api("get", "/api/csrf", "any", csrf.tokenFile),
  api("get", "/api/session", "user", auth.sessionApi),
];
