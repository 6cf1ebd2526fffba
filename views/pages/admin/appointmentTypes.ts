// Props of the staff's calendar of visa-centre appointments, shared with its controller.
import type { Option } from "../portal/types.ts";

export interface CalendarLink {
  href: string;
  label: string;
}

export interface CalendarEntry {
  id: string;
  /** "09:30" in Lagos. */
  time: string;
  startsAt: string;
  applicant: string;
  reference: string;
  caseHref: string;
  centre: string;
  centreReference: string;
  officer: string;
  /** Where it stands: to come, attended (biometrics recorded), or passed without a record yet. */
  state: "coming" | "attended" | "passed";
  stateLabel: string;
}

export interface CalendarDay {
  day: string;
  label: string;
  entries: CalendarEntry[];
}

export interface AppointmentsProps {
  range: "day" | "week";
  /** The officer shown ("" everyone); an officer always sees their own cases. */
  staff: string;
  from: string;
  /** A manager chooses everyone or one officer; an officer sees their own cases only. */
  staffOptions: Option[] | null;
  heading: string;
  previous: CalendarLink;
  next: CalendarLink;
  today: CalendarLink | null;
  days: CalendarDay[];
  total: number;
  /** The page shows the first CALENDAR_LIMIT only. */
  cut: boolean;
}
