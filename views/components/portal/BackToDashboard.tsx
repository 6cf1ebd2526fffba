// The 'Back to Dashboard' link of portal screens, and the panel shown when a screen's record cannot be loaded.

import { Link } from "react-router-dom";
import { PortalLayout } from "../layout/PortalLayout.tsx";
import { ArrowLeft } from "../ui/icons.ts";
import { Card } from "../ui/misc.tsx";

export function BackToDashboard() {
  return (
    <Link to="/dashboard" className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Dashboard
    </Link>
  );
}

export function LoadFailed({ message, detail }: { message: string; detail?: string }) {
  return (
    <PortalLayout>
      <Card role="alert">
        <h1 className="text-xl font-bold text-slate-900">{message}</h1>
        {detail ? <p className="mt-2 text-slate-700">{detail}</p> : null}
        <Link to="/dashboard" className="mt-4 inline-block font-semibold text-brand-800 underline">
          Back to Dashboard
        </Link>
      </Card>
    </PortalLayout>
  );
}
