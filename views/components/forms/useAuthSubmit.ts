// Submits a sign-in or sign-up form through the API when JavaScript runs; the plain form post stays the fallback.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { isApiFailure, useApi } from "../../shared.tsx";
import { useToast } from "../ui/toast.tsx";

export interface AuthToasts {
  success: { title: string; description: string };
  errorTitle: string;
}

export function useAuthSubmit(url: string, toasts: AuthToasts, initialFields: Record<string, string> = {}) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>(initialFields);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setBusy(true);
    try {
      const res = await api<{ redirect: string }>("POST", url, body);
      setFields({});
      toast(toasts.success);
      navigate(res.redirect);
    } catch (err) {
      const message = err instanceof Error ? err.message : "Something went wrong";
      setFields(isApiFailure(err) ? err.fields : {});
      toast({ title: toasts.errorTitle, description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return { onSubmit, busy, fields };
}
