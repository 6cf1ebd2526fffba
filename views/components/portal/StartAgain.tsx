// A rejected application's "Start a new application from this one", and the links between an application and its copies.

import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useApi } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { CopyPlus } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";

export function StartAgainButton({ applicationId }: { applicationId: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const res = await api<{ redirect: string; application: { reference: string } }>("POST", `/api/applications/${applicationId}/copy`);
      toast({ title: "New application started", description: `${res.application.reference} has the same answers and documents.` });
      navigate(res.redirect);
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void start()} disabled={busy}>
      <CopyPlus aria-hidden="true" className="h-4 w-4" />
      {busy ? "Starting…" : "Start a new application from this one"}
    </Button>
  );
}

interface Related {
  startedFrom: { id: string; reference: string } | null;
  startedAgainAs: { id: string; reference: string }[];
}

export function RelatedApplications({ related }: { related: Related }) {
  if (!related.startedFrom && related.startedAgainAs.length === 0) return null;
  const link = (r: { id: string; reference: string }) => (
    <Link key={r.id} to={`/application/${r.id}`} className="font-mono font-semibold text-brand-800 underline">
      {r.reference}
    </Link>
  );
  return (
    <div className="mt-3 grid gap-1 text-sm text-slate-700">
      {related.startedFrom ? <p>Started from {link(related.startedFrom)}</p> : null}
      {related.startedAgainAs.length ? (
        <p>
          Started again as{" "}
          {related.startedAgainAs.map((r, i) => (
            <span key={r.id}>
              {i ? ", " : ""}
              {link(r)}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
