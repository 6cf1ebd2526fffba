// /account: the person's own settings: profile, e-mail address, password, two-factor sign-in, devices, and their data.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ChangeEmail } from "../../components/account/ChangeEmail.tsx";
import { MyData } from "../../components/account/MyData.tsx";
import { NewPasswordField, type PasswordRule } from "../../components/forms/NewPasswordField.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { LaptopMinimal, ShieldCheck, ShieldOff } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useJsonForm } from "../../components/ui/useJsonForm.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useNavigation } from "../../shared.tsx";

export interface AccountProps {
  profile: { fullName: string; phone: string; email: string; emailConfirmed: boolean };
  twoFactor: boolean;
  staff: boolean;
  /** The new password's lengths for this account (staff need longer ones). */
  passwordRule: PasswordRule;
  sessions: { id: string; current: boolean; device: string; signedInAt: string | null; lastSeen: string }[];
  channels: ChannelsProps;
}

/** WhatsApp and SMS updates: the number, and each channel with the exact words the server stores with a choice. */
export interface ChannelsProps {
  phone: string;
  choices: { channel: "whatsapp" | "sms"; words: string; on: boolean; since: string | null }[];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="grid gap-4">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Profile({ profile }: Pick<AccountProps, "profile">) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm<unknown>("/api/account/profile", "Profile not saved", async () => {
    toast({ title: "Profile saved" });
    await reload();
  });
  return (
    <Section id="profile-heading" title="Profile">
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:max-w-md">
        <TextField
          label="Full name"
          name="fullName"
          autoComplete="name"
          required
          maxLength={120}
          defaultValue={profile.fullName}
          error={form.errors.fullName}
        />
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={32}
          defaultValue={profile.phone}
          hint="So our office can call you, e.g. 0803 000 0000"
          error={form.errors.phone}
        />
        <div>
          <Button type="submit" disabled={form.disabled}>
            {form.busy ? "Saving…" : "Save profile"}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function Channels({ channels }: { channels: ChannelsProps }) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm<unknown>("/api/account/channels", "Choices not saved", async () => {
    toast({ title: "Choices saved" });
    await reload();
  });
  return (
    <Section id="channels-heading" title="Updates on WhatsApp and SMS">
      <p className="text-slate-700">
        We send updates by e-mail. You can have them on WhatsApp or by SMS as well: they say what changed and link here, never your passport details.
      </p>
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:max-w-md">
        <TextField
          label="Mobile number"
          name="channelPhone"
          type="tel"
          autoComplete="tel"
          maxLength={32}
          defaultValue={channels.phone}
          hint="e.g. 0803 000 0000"
          error={form.errors.channelPhone}
        />
        <fieldset className="grid gap-3">
          <legend className="mb-1 font-medium text-slate-900">Send me updates</legend>
          {channels.choices.map((c) => (
            <div key={c.channel}>
              <label className="flex items-start gap-3 text-slate-800">
                <input type="checkbox" name={c.channel} value="yes" defaultChecked={c.on} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
                <span>{c.words}</span>
              </label>
              {c.since ? <p className="ml-8 text-sm text-slate-700">{c.since}</p> : null}
            </div>
          ))}
        </fieldset>
        <div>
          <Button type="submit" disabled={form.disabled}>
            {form.busy ? "Saving…" : "Save choices"}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function Password({ passwordRule }: Pick<AccountProps, "passwordRule">) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm<{ message: string }>("/api/account/password", "Password not changed", async (res, el) => {
    toast({ title: "Password changed", description: res.message });
    el.reset();
    await reload();
  });
  return (
    <Section id="password-heading" title="Password">
      <p className="text-slate-700">Changing it signs out every other device where you are signed in.</p>
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:max-w-md">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={form.errors.currentPassword}
        />
        <NewPasswordField label="New password" name="newPassword" rule={passwordRule} error={form.errors.newPassword} />
        <div>
          <Button type="submit" disabled={form.disabled}>
            {form.busy ? "Saving…" : "Change password"}
          </Button>
        </div>
      </form>
    </Section>
  );
}

function Sessions({ sessions }: Pick<AccountProps, "sessions">) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm<{ message: string }>("/api/account/sessions/others", "Could not sign the other devices out", async (res) => {
    toast({ title: "Signed out elsewhere", description: res.message });
    await reload();
  });
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Section id="sessions-heading" title="Where you are signed in">
      <ul className="grid gap-3">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-start gap-3 rounded-md border border-slate-200 px-3 py-2">
            <LaptopMinimal aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-900">This device</span>
                ) : null}
              </p>
              <p className="text-slate-700">
                {s.signedInAt ? `Signed in ${formatDateTime(s.signedInAt)} · ` : ""}Last active {formatDateTime(s.lastSeen)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={form.onSubmit}>
        <Button type="submit" variant="outline" disabled={form.disabled || others === 0}>
          Sign out everywhere else
        </Button>
      </form>
    </Section>
  );
}

export default function Account({ profile, twoFactor, staff, sessions, passwordRule, channels }: AccountProps) {
  return (
    <PortalLayout>
      <div className="grid max-w-3xl gap-6">
        <div>
          <Link to={staff ? "/admin" : "/dashboard"} className="text-sm font-semibold text-brand-800 underline">
            {staff ? "Back to the admin panel" : "Back to Dashboard"}
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">My account</h1>
        </div>
        <Profile profile={profile} />
        {staff ? null : <Channels channels={channels} />}
        <Card>
          <ChangeEmail email={profile.email} confirmed={profile.emailConfirmed} />
        </Card>
        <Password passwordRule={passwordRule} />
        <Section id="two-factor-heading" title="Two-factor sign-in">
          <p className="flex items-center gap-2 text-slate-800">
            {twoFactor ? (
              <ShieldCheck aria-hidden="true" className="h-5 w-5 text-emerald-700" />
            ) : (
              <ShieldOff aria-hidden="true" className="h-5 w-5 text-slate-500" />
            )}
            {twoFactor ? "On: every sign-in asks for a code from your phone." : "Off: your password alone signs you in."}
          </p>
          <div>
            <ButtonLink to="/account/two-factor" variant="outline">
              {twoFactor ? "Manage two-factor sign-in" : "Turn on two-factor sign-in"}
            </ButtonLink>
          </div>
        </Section>
        <Sessions sessions={sessions} />
        <Card>
          <MyData staff={staff} />
        </Card>
      </div>
    </PortalLayout>
  );
}
