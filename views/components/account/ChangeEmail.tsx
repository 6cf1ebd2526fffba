// The account page's "E-mail address" section: the current address, and a change confirmed from the new one.
import { type FormEvent, useState } from "react";
import { useApi } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";

export function ChangeEmail({ email, confirmed }: { email: string; confirmed: boolean }) {
  const api = useApi();
  const { toast } = useToast();
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, fail, clear } = useFieldErrors("E-mail not changed");

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    clear();
    setBusy(true);
    try {
      const res = await api<{ message: string }>("POST", "/api/account/email", { email: newEmail, password });
      toast({ title: "Check your inbox", description: res.message });
      setSentTo(newEmail.trim());
      setPassword("");
    } catch (err) {
      fail(err, "Your e-mail address was not changed.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="email-heading" className="grid gap-4">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        E-mail address
      </h2>
      <p className="text-slate-700">
        We write to <strong className="break-all">{email}</strong>
        {confirmed ? "." : " (not confirmed yet)."} To use another address, give it and your current password: we send a link to the new address, and
        your address changes when you follow it. We also tell the current address.
      </p>
      {sentTo ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
          Link sent to <strong className="break-all">{sentTo}</strong>: it works for 24 hours.
        </p>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:max-w-md">
        <TextField
          label="New e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending…" : "Send the link"}
          </Button>
        </div>
      </form>
    </section>
  );
}
