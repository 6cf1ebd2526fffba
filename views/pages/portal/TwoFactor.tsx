// /account/two-factor: turn on two-factor sign-in (scan, confirm with a code, keep the recovery codes), or, once on,
// make new recovery codes and (applicants only) turn it off.

import { useState } from "react";
import { Link } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { KeyRound, ShieldCheck } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useJsonForm } from "../../components/ui/useJsonForm.ts";
import { useNavigation } from "../../shared.tsx";

export interface TwoFactorProps {
  enabled: boolean;
  staff: boolean;
  /** No sign-in in the last few minutes: changes ask for the current password. */
  passwordNeeded: boolean;
  /** Staff without two-factor and without their set-up link in this session: enrolment starts from that link. */
  needsLink?: boolean;
  /** While off: the key as text (grouped by four) and its QR code (SVG made on the server, base64). */
  secret?: string;
  qrSvg?: string;
  recoveryCodesLeft?: number;
}

function RecoveryCodes({ codes, staff }: { codes: string[]; staff: boolean }) {
  const text = `Recovery codes (each works once):\n${codes.join("\n")}\n`;
  return (
    <section aria-labelledby="codes-heading" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="codes-heading" className="text-lg font-semibold">
        Save your recovery codes now
      </h2>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once instead of the app's code. Keep them somewhere safe (printed, or in a password
        manager). They are shown only this once.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className="font-semibold text-brand-800 underline"
        >
          Download as a text file
        </a>
        <Link to={staff ? "/admin" : "/account"} className="font-semibold text-brand-800 underline">
          I have saved them: continue
        </Link>
      </div>
    </section>
  );
}

function QrCode({ svg }: { svg: string }) {
  return (
    <img
      src={`data:image/svg+xml;base64,${svg}`}
      alt="QR code for your authenticator app"
      width={192}
      height={192}
      className="mt-3 h-48 w-48 max-w-full bg-white"
    />
  );
}

/** The current password, asked for unless the person signed in a few minutes ago (or the server asks for it after all). */
function CurrentPassword({ needed, error }: { needed: boolean; error?: string }) {
  if (!needed && !error) return null;
  return <TextField label="Current password" name="password" type="password" autoComplete="current-password" required error={error} />;
}

function NeedsLink() {
  return (
    <Card className="grid gap-3">
      <h2 className="text-lg font-semibold text-slate-900">Start from your set-up link</h2>
      <p className="text-slate-700">
        Staff accounts turn on two-factor sign-in from the one-time set-up link the office gives them (it works for 24 hours). Open that link while
        signed in to this account, or ask a manager for a new one.
      </p>
    </Card>
  );
}

function Enrol({ secret, qrSvg, staff, passwordNeeded }: Pick<TwoFactorProps, "secret" | "qrSvg" | "staff" | "passwordNeeded">) {
  const { toast } = useToast();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useJsonForm<{ recoveryCodes: string[] }>("/api/account/two-factor", "Two-factor sign-in is not on yet", (res) => {
    toast({ title: "Two-factor sign-in is on", description: "From now on, every sign-in asks for the code of your app." });
    setCodes(res.recoveryCodes);
  });

  if (codes) return <RecoveryCodes codes={codes} staff={staff} />;
  return (
    <Card className="grid gap-5">
      {staff ? (
        <p role="note" className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-900">
          Staff accounts must use two-factor sign-in: the admin panel opens once it is on.
        </p>
      ) : null}
      <ol className="grid list-decimal gap-4 pl-5 text-slate-800">
        <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS or Aegis, for example).</li>
        <li>
          In the app, add an account and scan this QR code:
          <QrCode svg={qrSvg ?? ""} />
          <p className="mt-3 text-sm">
            Cannot scan? Type this key instead: <code className="break-all rounded bg-slate-100 px-1 font-mono">{secret}</code>
          </p>
        </li>
        <li>
          Type the 6-digit code the app shows:
          <form onSubmit={form.onSubmit} noValidate className="mt-3 grid gap-4 sm:max-w-xs" aria-label="Turn on two-factor sign-in">
            <TextField
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={7}
              error={form.errors.code}
            />
            <CurrentPassword needed={passwordNeeded} error={form.errors.password} />
            <div>
              <Button type="submit" disabled={form.disabled}>
                {form.busy ? "Checking…" : "Turn on two-factor sign-in"}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </Card>
  );
}

function Enabled({ staff, recoveryCodesLeft, passwordNeeded }: Pick<TwoFactorProps, "staff" | "recoveryCodesLeft" | "passwordNeeded">) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = useJsonForm<{ recoveryCodes: string[] }>("/api/account/two-factor/recovery-codes", "Recovery codes not changed", (res, form) => {
    setCodes(res.recoveryCodes);
    form.reset();
  });
  const off = useJsonForm<{ message: string }>("/api/account/two-factor/disable", "Two-factor sign-in is still on", async (res) => {
    toast({ title: "Two-factor sign-in turned off", description: res.message });
    await reload();
  });

  return (
    <div className="grid gap-6">
      {codes ? <RecoveryCodes codes={codes} staff={staff} /> : null}
      <Card className="grid gap-2">
        <p className="flex items-center gap-2 font-semibold text-emerald-800">
          <ShieldCheck aria-hidden="true" className="h-5 w-5" />
          Two-factor sign-in is on.
        </p>
        <p className="text-slate-700">Every sign-in asks for the code of your app. {recoveryCodesLeft ?? 0} of your recovery codes are unused.</p>
      </Card>
      <Card>
        <form onSubmit={renew.onSubmit} noValidate className="grid gap-4 sm:max-w-sm" aria-labelledby="renew-heading">
          <h2 id="renew-heading" className="text-lg font-semibold text-slate-900">
            New recovery codes
          </h2>
          <p className="text-sm text-slate-700">Your old recovery codes stop working.</p>
          <TextField label="Code from the app" name="code" autoComplete="one-time-code" required maxLength={20} error={renew.errors.code} />
          <CurrentPassword needed={passwordNeeded} error={renew.errors.password} />
          <div>
            <Button type="submit" variant="outline" disabled={renew.disabled}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              Make new recovery codes
            </Button>
          </div>
        </form>
      </Card>
      {staff ? null : (
        <Card>
          <form onSubmit={off.onSubmit} noValidate className="grid gap-4 sm:max-w-sm" aria-labelledby="off-heading">
            <h2 id="off-heading" className="text-lg font-semibold text-slate-900">
              Turn off two-factor sign-in
            </h2>
            <TextField
              label="Current password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={off.errors.password}
            />
            <TextField label="Code from the app" name="code" autoComplete="one-time-code" required maxLength={20} error={off.errors.code} />
            <div>
              <Button type="submit" variant="destructive" disabled={off.disabled}>
                Turn off
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}

export default function TwoFactor(props: TwoFactorProps) {
  return (
    <PortalLayout>
      <div className="grid max-w-3xl gap-6">
        <div>
          <Link to="/account" className="text-sm font-semibold text-brand-800 underline">
            Back to my account
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900">Two-factor sign-in</h1>
          <p className="mt-1 text-slate-700">
            A code from an app on your phone, asked for after your password: someone who learns your password still cannot sign in as you.
          </p>
        </div>
        {props.enabled ? (
          <Enabled staff={props.staff} recoveryCodesLeft={props.recoveryCodesLeft} passwordNeeded={props.passwordNeeded} />
        ) : props.needsLink ? (
          <NeedsLink />
        ) : (
          <Enrol secret={props.secret} qrSvg={props.qrSvg} staff={props.staff} passwordNeeded={props.passwordNeeded} />
        )}
      </div>
    </PortalLayout>
  );
}
