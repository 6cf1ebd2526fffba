// The lead applicant's family page: everyone in the group, lead first, with what each draft still needs.

import type { Knex } from "knex";
import type { FamilyPerson, FamilyProps, MemberSignIn } from "../../views/pages/portal/familyTypes.ts";
import { submissionCheck } from "../domain/completeness.ts";
import { GROUP_SHARED_FIELDS, isAdultOn, isSharedField, MAX_FAMILY_MEMBERS, RELATIONS, relationLabel, SHARED_LABELS } from "../domain/family.ts";
import { STATUS_LABELS, type Status } from "../domain/visa.ts";
import { type ApplicationRow, findById } from "../models/applications.ts";
import type { StageView } from "../models/caseStages.ts";
import { memberCount } from "../models/familyGroups.ts";
import type { FamilyInvitationRow } from "../models/familyInvitations.ts";

/** The person's current visa-centre appointment (booked, not moved or missed), for the group's side-by-side view. */
export function currentAppointment(stages: StageView[]): FamilyPerson["appointment"] {
  const a = stages.find((s) => s.stage === "appointment" && s.ended_at === null && s.state === "done" && s.appointment_at);
  return a?.appointment_at ? { at: new Date(a.appointment_at).toISOString(), centre: a.centre?.name ?? null } : null;
}

export function familyPerson(row: ApplicationRow, readExpiry: string | null, appointment: FamilyPerson["appointment"] = null): FamilyPerson {
  const draft = row.status === "draft";
  const check = draft ? submissionCheck(row, { readExpiry }) : null;
  return {
    id: row.id,
    reference: row.reference_number,
    name: row.full_name,
    lead: !row.group_lead_id,
    relation: row.group_lead_id ? relationLabel(row.group_relation ?? "", row.group_relation_other) : "Lead applicant (you)",
    status: STATUS_LABELS[row.status as Status] ?? row.status,
    draft,
    ready: Boolean(check?.ok),
    needs: check ? [...check.blocking, ...check.missing.map((m) => m.label), ...check.invalid.map((i) => i.label)].slice(0, 3) : [],
    own: row.group_own_fields.filter(isSharedField).map((k) => SHARED_LABELS[k]),
    url: draft ? `/visa-application/${row.id}` : `/application/${row.id}`,
    appointment,
  };
}

/** The adult members, not refused, and where each one's own sign-in stands. */
export function memberSignIns(
  members: ApplicationRow[],
  invitations: Map<string, FamilyInvitationRow>,
  accounts: Map<string, string>,
  today: string,
): MemberSignIn[] {
  return members
    .filter((m) => m.status !== "rejected" && isAdultOn(m.date_of_birth, today))
    .map((m) => {
      const waiting = invitations.get(m.id);
      const name = m.full_name ?? m.reference_number;
      if (m.member_user_id) return { id: m.id, name, state: "signed-in", email: accounts.get(m.member_user_id) ?? null, invitedAt: null };
      if (waiting) return { id: m.id, name, state: "invited", email: waiting.email, invitedAt: waiting.created_at.toISOString() };
      return { id: m.id, name, state: "none", email: null, invitedAt: null };
    });
}

export function familyProps(
  lead: ApplicationRow,
  people: FamilyPerson[],
  refused: FamilyProps["refused"],
  signIns: MemberSignIn[] = [],
): FamilyProps {
  return {
    lead: { id: lead.id, reference: lead.reference_number, name: lead.full_name, draft: lead.status === "draft" },
    people,
    shared: GROUP_SHARED_FIELDS.map((k) => SHARED_LABELS[k]),
    relations: RELATIONS.map((r) => ({ value: r.value, label: r.label })),
    canAdd: people.length - 1 < MAX_FAMILY_MEMBERS && lead.status !== "rejected",
    maxMembers: MAX_FAMILY_MEMBERS,
    signIns,
    refused,
  };
}

/** The lead applicant as a member with their own sign-in reads it: their name, else their application's reference. */
const leadName = (lead: ApplicationRow | undefined) => lead?.full_name ?? lead?.reference_number ?? "the lead applicant";

/**
 * On a family's wizard: who this is in the group, the way to the group's page, and a hint beside each shared answer.
 * `member`: read by the member's own sign-in, who sees their own part and the shared answers, not the group's page.
 */
export async function wizardGroup(
  db: Knex,
  row: ApplicationRow,
  member = false,
): Promise<{ note: string; familyUrl: string | null; hints: Record<string, string> } | undefined> {
  if (row.group_lead_id) {
    const lead = await findById(db, row.group_lead_id);
    const own = new Set(row.group_own_fields);
    return {
      note: member
        ? `Your part of ${leadName(lead)}'s family application: the trip and address come from their answers, and they submit the group once everyone is ready.`
        : `${relationLabel(row.group_relation ?? "", row.group_relation_other)} in the family group of ${lead?.reference_number ?? "the lead applicant"}: the trip and address come from the lead's answers.`,
      familyUrl: member ? null : `/application/${row.group_lead_id}/family`,
      hints: Object.fromEntries(
        GROUP_SHARED_FIELDS.map((k) => [
          k,
          own.has(k) ? "Their own answer: the group's is different" : "Shared with the family group: change it only if theirs differs",
        ]),
      ),
    };
  }
  const members = await memberCount(db, row.id);
  if (!members) return undefined;
  return {
    note: `You lead a family group of ${members + 1}: what you answer for the trip and address is shared with them.`,
    familyUrl: `/application/${row.id}/family`,
    hints: Object.fromEntries(
      GROUP_SHARED_FIELDS.map((k) => [k, "Shared with your family group: a change here reaches each member who has the same"]),
    ),
  };
}

/**
 * On an application's page: its family group, or the way to start one (not on a refused application). `member`: read
 * by the member's own sign-in (the group's page is the lead's).
 */
export async function detailsFamily(db: Knex, row: ApplicationRow, member = false): Promise<{ text: string; link: string; url: string } | null> {
  if (row.group_lead_id) {
    const lead = await findById(db, row.group_lead_id);
    if (member) {
      return {
        text: `Your part of ${leadName(lead)}'s family application: they submit the group and pay its bill.`,
        link: "Your applications",
        url: "/dashboard",
      };
    }
    const relation = relationLabel(row.group_relation ?? "", row.group_relation_other);
    return {
      text: `${relation} in the family group of ${lead?.reference_number ?? "the lead applicant"}.`,
      link: "See the family group",
      url: `/application/${row.group_lead_id}/family`,
    };
  }
  const members = await memberCount(db, row.id);
  if (members) return { text: `You lead a family group of ${members + 1}.`, link: "See your family group", url: `/application/${row.id}/family` };
  if (row.status === "rejected") return null;
  return { text: "Applying with your family?", link: "Add family members", url: `/application/${row.id}/family` };
}
