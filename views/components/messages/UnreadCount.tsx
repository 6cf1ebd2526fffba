// How many messages of an application's conversation this side has not read: the dashboard card's line and the
// admin list's cell.

const plural = (n: number) => (n === 1 ? "1 new message" : `${n} new messages`);

/** "2 new messages" on an applicant's card; nothing when all are read. */
export function NewMessages({ count }: { count: number }) {
  if (count === 0) return null;
  return <p className="mt-2 inline-flex w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{plural(count)}</p>;
}

/** The admin list's Unread cell: the count as a badge, a dash when none. */
export function UnreadCell({ count }: { count: number }) {
  if (count === 0) {
    return (
      <span className="text-slate-600">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No new messages</span>
      </span>
    );
  }
  return (
    <span className="inline-block min-w-6 rounded-full bg-amber-100 px-2 py-0.5 text-center font-semibold text-amber-900">
      {count}
      <span className="sr-only"> {count === 1 ? "new message" : "new messages"}</span>
    </span>
  );
}
