// Props of the staff's list of passports and visas expiring, shared with its controller.

export interface ExpiringEntry {
  id: string;
  caseHref: string;
  name: string;
  reference: string;
  destination: string;
  /** "Passport expires 3 Feb 2027, returns 10 Dec 2026" or "Standard Visitor visa ends 12 Dec 2026". */
  line: string;
  phone: string | null;
  officer: string;
}

export interface ExpiringProps {
  /** An officer's lists are their own cases; a manager's everyone's. */
  own: boolean;
  passports: ExpiringEntry[];
  visas: ExpiringEntry[];
  limit: number;
}
