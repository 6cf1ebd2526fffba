// "Late": a case past its status's limit in working days (the list's row and its phone card).
export function LateBadge({ late }: { late: boolean }) {
  if (!late) return null;
  return <span className="ml-2 inline-block rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">Late</span>;
}
