// Submits a sign-in or sign-up form through the API when JavaScript runs; the plain form post stays the fallback.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useApi } from "../../shared.tsx";
import { useToast } from "../ui/toast.tsx";
import { useFieldErrors } from "../ui/useFieldErrors.ts";

export interface AuthToasts {
  success: { title: string; description: string };
  errorTitle: string;
}

export function useAuthSubmit(url: string, toasts: AuthToasts, initialFields: Record<string, string> = {}) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const { errors: fields, fail, clear } = useFieldErrors(toasts.errorTitle, initialFields);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setBusy(true);
    try {
      // `pending`: a step follows (the two-factor code), so nothing has succeeded yet; `flash`: the server's own words.
      const res = await api<{ redirect: string; pending?: boolean; flash?: AuthToasts["success"] }>("POST", url, body);
      clear();
      if (!res.pending) toast(res.flash ?? toasts.success);
      navigate(res.redirect);
    } catch (err) {
      fail(err, "Something went wrong");
    } finally {
      setBusy(false);
    }
  };
  return { onSubmit, busy, fields };
}
