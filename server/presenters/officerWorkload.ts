// The analytics page's "Per officer" rows: names, roles and figures as they are read.
import type { OfficerWorkload } from "../../views/pages/admin/types.ts";
import { ROLE_LABELS } from "../domain/staff.ts";
import type { WorkloadRow } from "../models/officerWorkload.ts";

/** 2.04 → "2.0", null → "—". */
const days = (n: number | null) => (n === null ? "—" : n.toFixed(1));

export function officerWorkload(rows: WorkloadRow[]): OfficerWorkload[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.full_name,
    role: ROLE_LABELS[r.role] ?? r.role,
    open: r.open,
    late: r.late,
    decided: r.decided,
    medianDays: days(r.median_days),
  }));
}
