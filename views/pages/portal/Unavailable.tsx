// A signed-in screen whose records could not be read (SPEC §8): its frame, the specification's toast, and Retry.

import { useEffect } from "react";
import { deferred } from "../../components/deferred.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RefreshCw } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useNavigation } from "../../shared.tsx";

// The staff's frame is loaded only when staff see this page: imported here, it would join every applicant page's
// script (a part used by pages of both areas goes to their shared chunk, client/bundling.ts).
const AdminLayout = deferred(() => import("../../components/admin/AdminLayout.tsx").then((m) => ({ default: m.AdminLayout })));

export interface UnavailableProps {
  /** The screen's own heading, so the person still knows where they are. */
  heading: string;
  toast: { title: string; description?: string };
  area: "portal" | "admin";
}

export default function Unavailable({ heading, toast, area }: UnavailableProps) {
  const { toast: show } = useToast();
  const { reload, busy } = useNavigation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per failed load (props change with each one).
  useEffect(() => {
    show({ title: toast.title, description: toast.description, variant: "destructive" });
  }, [toast]);
  const Layout = area === "admin" ? AdminLayout : PortalLayout;
  return (
    <Layout>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{heading}</h1>
      <Card role="alert" className="text-center">
        <p className="font-semibold text-slate-900">This page could not be loaded just now.</p>
        <p className="mt-1 text-slate-700">Nothing you saved is lost. Try again in a moment.</p>
        <Button className="mt-4" onClick={() => void reload()} disabled={busy}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {busy ? "Retrying…" : "Retry"}
        </Button>
      </Card>
    </Layout>
  );
}
