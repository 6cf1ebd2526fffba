// /dashboard (SPEC §2.7): 'Your Visa Applications', one card per application, newest first.

import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { NewMessages } from "../../components/messages/UnreadCount.tsx";
import { ChangesRequested } from "../../components/portal/ChangesRequested.tsx";
import { ConfirmEmailBanner } from "../../components/portal/ConfirmEmailBanner.tsx";
import { PaymentBadge, StatusBadge } from "../../components/portal/StatusBadge.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { ArrowRight, ClipboardList, FilePlus2, FileText } from "../../components/ui/icons.ts";
import { Card, Spinner } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { TRANSFER_WAITING_TITLE } from "../../lib/payments.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import type { ApplicationSummary, NextStep } from "./types.ts";

/**
 * The payment status while a bank transfer's proof waits for staff: the payment page's words, not "Payment pending";
 * they may wrap on a phone rather than push the card wider than the screen. (Kept in this page's own code: a shared
 * part would weigh on every portal page.)
 */
const TransferCheckingBadge = () => (
  <span className="inline-flex items-center rounded-2xl bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-950">{TRANSFER_WAITING_TITLE}</span>
);

export interface DashboardProps {
  /**
   * `changesRequested`: the staff note of an application sent back for changes; `next`: what the applicant does next;
   * `unreadMessages`: staff's messages not read yet; `documentsRequested`: "2 documents requested — due 3 Dec" while
   * requests are open; `transferChecking`: a bank transfer whose proof waits for staff, its amount and when the proof
   * came (ISO).
   */
  applications: (ApplicationSummary & {
    changesRequested: string | null;
    /** In a family group: whose application it is ("Chiamaka Eze · Child"), so the group's cards tell apart. */
    person?: string | null;
    transferChecking: { amountText: string; proofAt: string } | null;
    next: NextStep;
    unreadMessages: number;
    documentsRequested: string | null;
  })[];
  /** `application_id`: the application started from the (completed) checklist. */
  checklists: ChecklistSummary[];
  /** The account's address while it is not confirmed (shows the banner with "Resend"). */
  unconfirmedEmail?: string | null;
  /** For staff (two-factor on): the cases waiting in the admin panel, where signing in leads them next. */
  staffDesk?: { mine: number; unassigned: number } | null;
}

const cases = (n: number) => `${n.toLocaleString("en-NG")} ${n === 1 ? "case" : "cases"}`;

/** Staff sign in to this page like everyone (SPEC §2.1): their work is one step away, with what waits there. */
function StaffDesk({ mine, unassigned }: { mine: number; unassigned: number }) {
  return (
    <Card className="mb-6 border-brand-600 bg-brand-50">
      <section aria-labelledby="staff-desk" className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="staff-desk" className="text-lg font-semibold text-slate-900">
            Your work as staff
          </h2>
          <p className="mt-1 text-slate-800">
            {cases(mine)} assigned to you · {cases(unassigned)} unassigned
          </p>
        </div>
        <ButtonLink to="/admin">
          Go to the cases
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </ButtonLink>
      </section>
    </Card>
  );
}

interface ChecklistSummary {
  id: string;
  title: string;
  status: string;
  total: number;
  done: number;
  application_id?: string | null;
}

/** A completed checklist's next step: the application, started with its answers (name, e-mail, phone, destination). */
function StartApplication({ checklistId }: { checklistId: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { applicationId } = await api<{ applicationId: string }>("POST", `/api/checklists/${checklistId}/application`, {});
      navigate(`/visa-application/${applicationId}`);
    } catch (err) {
      toast({ title: "Error", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void start()} disabled={busy}>
      Start the application
      <ArrowRight aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}

/** The checklists, apart from the applications: each completed one leads to its application. */
function Checklists({ checklists }: { checklists: ChecklistSummary[] }) {
  return (
    <section aria-labelledby="checklists-heading" className="my-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="checklists-heading" className="text-xl font-semibold text-slate-900">
          Checklists
        </h2>
        <ButtonLink to="/checklist/new" variant="outline">
          <ClipboardList aria-hidden="true" className="h-4 w-4" />
          Start a checklist
        </ButtonLink>
      </div>
      {checklists.length === 0 ? (
        <p className="text-slate-700">A checklist gathers the basics your consultant needs before you apply.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Checklists">
          {checklists.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
              <div className="min-w-0">
                <Link to={`/checklist/${c.id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
                  {`Checklist: ${c.title}`}
                </Link>
                <p className="text-sm text-slate-700">
                  {c.status !== "completed"
                    ? `${c.done} of ${c.total} done · Resume`
                    : c.application_id
                      ? "Completed · application started"
                      : "Completed · next: your application, with these answers filled in"}
                </p>
              </div>
              {c.status !== "completed" ? null : c.application_id ? (
                <ButtonLink to={`/application/${c.application_id}`} variant="outline">
                  Open the application
                </ButtonLink>
              ) : (
                <StartApplication checklistId={c.id} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Dashboard({ applications, checklists, unconfirmedEmail, staffDesk }: DashboardProps) {
  const { busy } = useNavigation();
  // A completed checklist waiting for its application is the next step: shown first, apart from the applications.
  const readyToApply = checklists.some((c) => c.status === "completed" && !c.application_id);
  return (
    <PortalLayout>
      {unconfirmedEmail ? <ConfirmEmailBanner email={unconfirmedEmail} /> : null}
      {staffDesk ? <StaffDesk {...staffDesk} /> : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your Visa Applications</h1>
        <div className="flex flex-wrap gap-3">
          {/* A marketing page: an ordinary page load, not a navigation inside the portal. */}
          <a href="/book" className={buttonClass("outline", "md")}>
            Book a consultation
          </a>
          <ButtonLink to="/visa-application/new">
            <FilePlus2 aria-hidden="true" className="h-4 w-4" />
            New Application
          </ButtonLink>
        </div>
      </div>
      {readyToApply ? <Checklists checklists={checklists} /> : null}
      {busy ? <Spinner label="Loading applications" /> : null}
      {applications.length === 0 ? (
        <Card className="text-center">
          <FileText aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-slate-500" />
          <h2 className="text-lg font-semibold text-slate-900">No applications yet</h2>
          <p className="mt-1 text-slate-700">Start your first visa application</p>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Applications">
          {applications.map((a) => (
            <li
              key={a.id}
              aria-label={`${a.reference} ${a.visaTypeLabel}`}
              className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition focus-within:border-brand-600 hover:border-brand-600 hover:shadow-md"
            >
              <div className="flex items-start justify-between gap-2">
                <span className="font-mono text-sm font-semibold text-slate-900">{a.reference}</span>
                <StatusBadge status={a.status} label={a.statusLabel} />
              </div>
              {/* The whole card opens the details (SPEC §2.7); the main button above it goes to the next step. */}
              <Link
                to={`/application/${a.id}`}
                className="mt-2 text-lg font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
              >
                {a.visaTypeLabel}
              </Link>
              <p className="text-slate-700">{a.destination ?? "Destination not set"}</p>
              {a.person ? <p className="text-sm font-medium text-slate-900">{a.person}</p> : null}
              {a.changesRequested ? <ChangesRequested note={a.changesRequested} compact /> : null}
              <NewMessages count={a.unreadMessages} />
              {a.documentsRequested ? <p className="mt-2 text-sm font-semibold text-amber-900">{a.documentsRequested}</p> : null}
              <p className="mt-3 text-sm font-medium text-slate-900">{a.next.text}</p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
                <span>Created {formatDate(a.createdAt)}</span>
                {a.transferChecking ? <TransferCheckingBadge /> : <PaymentBadge status={a.paymentStatus} />}
              </div>
              {a.transferChecking ? (
                <p className="mt-1 text-sm text-slate-700">
                  {`${a.transferChecking.amountText} by bank transfer, proof received ${formatDateTime(a.transferChecking.proofAt)}.`}
                </p>
              ) : null}
              <ButtonLink to={a.next.action.href} className="relative z-10 mt-4">
                {a.next.action.label}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
      {readyToApply ? null : <Checklists checklists={checklists} />}
    </PortalLayout>
  );
}
