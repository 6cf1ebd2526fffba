// /admin/staff (managers): everyone with a staff role, Invite by e-mail, change a role, Deactivate, Stop calendar feed,
// leavers' consultations to reassign, the round-robin and the deadlines.

import { useState } from "react";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { type Deadlines, DeadlinesForm } from "../../components/admin/DeadlinesForm.tsx";
import { Button } from "../../components/ui/button.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { UserPlus } from "../../components/ui/icons.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useFieldErrors } from "../../components/ui/useFieldErrors.ts";
import { useJsonForm } from "../../components/ui/useJsonForm.ts";
import { useApi, useNavigation } from "../../shared.tsx";
import type { Option } from "../portal/types.ts";

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  /** Invited, Setting up two-factor, Active or Deactivated. */
  state: string;
  deactivated: boolean;
  openCases: number;
  /** Their calendar feed's address is live. */
  hasFeed: boolean;
  /** The signed-in manager: their own role and account are changed by another manager. */
  me: boolean;
}

/** A leaver's coming consultation that no colleague could take when they left. */
export interface ToReassign {
  id: string;
  /** "Monday 2 March 2026 at 09:00 (Lagos time)". */
  when: string;
  startsAt: string;
  type: string;
  clientName: string;
  /** The leaver. */
  staffName: string;
  statusLabel: string;
  /** Who is free at that time now (the server checks again). */
  freeStaff: Option[];
}

export interface StaffProps {
  staff: StaffMember[];
  consultationsToReassign: ToReassign[];
  roles: Option[];
  roundRobin: boolean;
  deadlines: Deadlines;
}

function MemberActions({ member, roles }: { member: StaffMember; roles: Option[] }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [role, setRole] = useState(member.role);
  const [busy, setBusy] = useState(false);
  const { fail } = useFieldErrors("Failed to change the staff member");
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast({ title: done });
      await reload();
    } catch (err) {
      fail(err, "Nothing was changed");
    } finally {
      setBusy(false);
    }
  };
  if (member.deactivated || member.me) return <span className="text-sm text-slate-600">{member.me ? "You" : "—"}</span>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField label={`Role of ${member.name}`} value={role} onChange={(e) => setRole(e.currentTarget.value)} options={roles} />
      <Button
        type="button"
        variant="secondary"
        disabled={busy || role === member.role}
        onClick={() =>
          run(
            () => api("PATCH", `/api/admin/staff/${member.id}/role`, { role }),
            `${member.name} is now a ${roles.find((r) => r.value === role)?.label}`,
          )
        }
      >
        Save role
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={busy}
        onClick={() => {
          if (
            window.confirm(
              `Deactivate ${member.name}? They are signed out at once and can no longer sign in; their calendar feed stops, their open cases go back to Unassigned and their coming consultations go to colleagues free at that time.`,
            )
          )
            void run(() => api("POST", `/api/admin/staff/${member.id}/deactivate`), `${member.name} was deactivated`);
        }}
      >
        Deactivate<span className="sr-only"> {member.name}</span>
      </Button>
    </div>
  );
}

function StopFeed({ member }: { member: StaffMember }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [busy, setBusy] = useState(false);
  const { fail } = useFieldErrors("Failed to stop the calendar feed");
  const stop = async () => {
    if (!window.confirm(`Stop the calendar feed of ${member.name}? Its address stops working at once; they can make a new one.`)) return;
    setBusy(true);
    try {
      await api("POST", `/api/admin/staff/${member.id}/feed/stop`);
      toast({ title: `The calendar feed of ${member.name} was stopped` });
      await reload();
    } catch (err) {
      fail(err, "Nothing was changed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void stop()}>
      Stop calendar feed<span className="sr-only"> of {member.name}</span>
    </Button>
  );
}

function Reassign({ booking }: { booking: ToReassign }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const [staffId, setStaffId] = useState(booking.freeStaff[0]?.value ?? "");
  const [busy, setBusy] = useState(false);
  const { fail } = useFieldErrors("Failed to reassign the consultation");
  if (booking.freeStaff.length === 0)
    return <p className="text-sm text-slate-700">No one is free at that time: change someone's hours, or cancel it from the agenda.</p>;
  const reassign = async () => {
    setBusy(true);
    try {
      await api("POST", `/api/admin/bookings/${booking.id}/staff`, { staffId });
      toast({ title: `${booking.clientName}'s consultation now goes to ${booking.freeStaff.find((o) => o.value === staffId)?.label}` });
      await reload();
    } catch (err) {
      fail(err, "Nothing was changed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={`Who takes ${booking.clientName}'s consultation`}
        value={staffId}
        onChange={(e) => setStaffId(e.currentTarget.value)}
        options={booking.freeStaff}
      />
      <Button type="button" variant="secondary" disabled={busy} onClick={() => void reassign()}>
        Reassign
      </Button>
    </div>
  );
}

function ToReassignList({ bookings }: { bookings: ToReassign[] }) {
  if (bookings.length === 0) return null;
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Consultations to reassign</h2>
      <p className="mt-2 text-slate-900">Their staff member left and no colleague was free at that time. The client has not been told.</p>
      <ul className="mt-4 grid gap-3" aria-label="Consultations to reassign">
        {bookings.map((b) => (
          <li key={b.id} className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-3">
            <div className="min-w-0 break-words">
              <p className="font-semibold text-slate-900">
                <time dateTime={b.startsAt}>{b.when}</time>
              </p>
              <p className="text-sm text-slate-800">
                {b.type} · {b.clientName} · {b.statusLabel} · was {b.staffName}'s
              </p>
            </div>
            <Reassign booking={b} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RoundRobin({ on }: { on: boolean }) {
  const api = useApi();
  const { toast } = useToast();
  const { reload } = useNavigation();
  const { fail } = useFieldErrors("Failed to change the setting");
  const toggle = async () => {
    try {
      await api("PUT", "/api/admin/settings/assignment", { on: !on });
      toast({ title: on ? "Round-robin is off" : "Round-robin is on" });
      await reload();
    } catch (err) {
      fail(err, "Nothing was changed");
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">New submissions and leads</h2>
      <p className="mt-2 text-slate-900">
        {on
          ? "Each new submission goes to the next active case officer in turn, and each new lead to the next staff member (round-robin)."
          : "New submissions wait in Unassigned until an officer takes them or a manager assigns them; new leads have no owner until someone takes them."}
      </p>
      <Button type="button" variant="secondary" className="mt-4" onClick={() => void toggle()}>
        {on ? "Turn round-robin off" : "Turn round-robin on"}
      </Button>
    </Card>
  );
}

export default function Staff({ staff, consultationsToReassign, roles, roundRobin, deadlines }: StaffProps) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const invite = useJsonForm<{ userId: string }>("/api/admin/staff/invitations", "Could not send the invitation", async (_res, form) => {
    toast({ title: "Invitation sent", description: "They have 24 hours to choose a password and turn on two-factor sign-in." });
    form.reset();
    await reload();
  });
  return (
    <AdminLayout>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Staff</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <UserPlus aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Invite a person
          </h2>
          <form onSubmit={invite.onSubmit} className="mt-4 grid gap-4" aria-label="Invite a person">
            <TextField label="Full name" name="fullName" autoComplete="off" required error={invite.errors.fullName} />
            <TextField label="Email" name="email" type="email" autoComplete="off" required error={invite.errors.email} />
            <SelectField label="Role" name="role" defaultValue="case_officer" options={roles} error={invite.errors.role} />
            <div>
              <Button type="submit" disabled={invite.disabled}>
                {invite.busy ? "Sending…" : "Send invitation"}
              </Button>
            </div>
          </form>
        </Card>
        <RoundRobin on={roundRobin} />
        <DeadlinesForm deadlines={deadlines} />
      </div>
      <ToReassignList bookings={consultationsToReassign} />
      <ul className="mt-6 grid gap-3" aria-label="Staff members">
        {staff.map((m) => (
          <li key={m.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 break-words">
                <p className="font-semibold text-slate-900">{m.name}</p>
                <p className="break-all text-sm text-slate-700">{m.email}</p>
                <p className="mt-1 text-sm text-slate-800">
                  {m.roleLabel} · {m.state} · {m.openCases} open {m.openCases === 1 ? "case" : "cases"}
                </p>
                <p className="text-sm text-slate-700">{m.hasFeed ? "Calendar feed on" : "No calendar feed"}</p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                {m.hasFeed && <StopFeed member={m} />}
                <MemberActions member={m} roles={roles} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </AdminLayout>
  );
}
