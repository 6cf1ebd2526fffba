// Deterministic date and money formatting (same text on the server and in the browser: no locale surprises).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LAGOS_OFFSET_MS = 60 * 60_000; // West Africa Time, UTC+1 all year.

/** "2026-03-01" or an ISO timestamp → "1 Mar 2026" (timestamps in Lagos time). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number);
    return `${d} ${MONTHS[m - 1]} ${y}`;
  }
  const t = new Date(new Date(value).getTime() + LAGOS_OFFSET_MS);
  if (Number.isNaN(t.getTime())) return "—";
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** "2026-03" → "Mar 2026". */
export function formatMonth(value: string): string {
  const [y, m] = value.split("-").map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

/** ISO timestamp → "1 Mar 2026, 14:05" in Lagos time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const t = new Date(new Date(value).getTime() + LAGOS_OFFSET_MS);
  if (Number.isNaN(t.getTime())) return "—";
  const hh = String(t.getUTCHours()).padStart(2, "0");
  const mm = String(t.getUTCMinutes()).padStart(2, "0");
  return `${formatDate(value)}, ${hh}:${mm}`;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export function formatUsd(amount: number | null | undefined): string {
  const n = Number(amount ?? 0);
  return `$${groupThousands(n.toFixed(2))}`;
}

/** 200050 → "200,050". */
export function formatCount(n: number): string {
  return groupThousands(String(Math.trunc(n)));
}
