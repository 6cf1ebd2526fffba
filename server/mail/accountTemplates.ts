// The messages about a person's account: password reset, e-mail confirmation and change, sign-up with a known
// address, two-factor changes.
import { type Definition, dear, s } from "./template.ts";

const TWO_FACTOR_SUBJECTS: Record<string, string> = {
  on: "Two-factor sign-in was turned on",
  off: "Two-factor sign-in was turned off",
  codes: "New recovery codes were made for your account",
};

export const ACCOUNT_MESSAGES = {
  password_reset: {
    subject: () => "Reset your password",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [{ type: "p", text: "We received a request to reset the password of your account. Choose a new password with the link below." }],
      action: { label: "Choose a new password", url: l.secretUrl ?? l.url("/forgot-password") },
      footnote: "The link works once and for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    }),
  },
  email_confirm: {
    subject: () => "Confirm your e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [{ type: "p", text: "Welcome! Please confirm that this is your e-mail address, so we can reach you about your applications." }],
      action: { label: "Confirm my e-mail", url: l.secretUrl ?? l.url("/dashboard") },
      footnote: "The link works for 7 days. If you did not create an account, ignore this e-mail.",
    }),
  },
  email_change_confirm: {
    subject: () => "Confirm your new e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `You asked to use ${s(d.newEmail)} for your account. Confirm it with the link below: until then we keep writing to your current address.`,
        },
      ],
      action: { label: "Use this e-mail address", url: l.secretUrl ?? l.url("/account") },
      footnote: "The link works once and for 24 hours. If you did not ask for this, ignore this e-mail: nothing changes.",
    }),
  },
  email_change_notice: {
    subject: () => "Your account's e-mail address is being changed",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `Someone signed in to your account asked to change its e-mail address to ${s(d.newEmail)}. The change happens only when the link we sent to that address is followed (within 24 hours).`,
        },
        {
          type: "p",
          text: "If this was you, there is nothing to do. If it was not, choose a new password now (it also signs everyone else out) and tell us.",
        },
      ],
      action: { label: "Choose a new password", url: l.url("/forgot-password") },
    }),
  },
  email_change_taken: {
    subject: () => "Someone asked to use your e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: "Someone signed in to another account asked to change that account's e-mail address to this one. This address already belongs to your account, so nothing was changed.",
        },
        { type: "p", text: "If it was you, sign in to this account instead. If it was not, there is nothing to do: your account is as it was." },
      ],
      action: { label: "Sign in", url: l.url("/signin") },
    }),
  },
  account_exists: {
    subject: () => "You already have an account with us",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: "Someone tried to create a new account with this e-mail address. You already have one, so nothing new was created and your account is as it was.",
        },
        { type: "p", text: "If it was you, sign in with your password, or choose a new one if you have forgotten it." },
      ],
      action: { label: "Sign in", url: l.url("/signin") },
      footnote: "If it was not you, ignore this e-mail.",
    }),
  },
  two_factor_changed: {
    subject: (d) => TWO_FACTOR_SUBJECTS[s(d.change)] ?? "Your two-factor sign-in changed",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `${TWO_FACTOR_SUBJECTS[s(d.change)] ?? "Your two-factor sign-in changed"}. Every other device was signed out.` },
        {
          type: "p",
          text: "If this was you, there is nothing to do. If it was not, choose a new password now (it also signs everyone else out) and tell us.",
        },
      ],
      action: { label: "Choose a new password", url: l.url("/forgot-password") },
    }),
  },
} satisfies Record<string, Definition>;
