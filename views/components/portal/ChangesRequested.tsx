// "Changes requested": the staff note of an application sent back to the applicant, on the card, details and wizard.

import { ButtonLink } from "../ui/button.tsx";
import { MessageSquareWarning, Pencil } from "../ui/icons.ts";

/** `editHref`: where the applicant makes the changes (the details page), offered as the first action. */
export function ChangesRequested({ note, compact = false, editHref }: { note: string; compact?: boolean; editHref?: string }) {
  if (compact) {
    return (
      <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
        <strong className="font-semibold">Changes requested:</strong> <span className="break-words">{note}</span>
      </p>
    );
  }
  return (
    <section aria-labelledby="changes-requested" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="changes-requested" className="flex items-center gap-2 font-semibold">
        <MessageSquareWarning aria-hidden="true" className="h-5 w-5" />
        Changes requested
      </h2>
      <p className="mt-1 whitespace-pre-wrap break-words">{note}</p>
      <p className="mt-2 text-sm">Edit your application, then review and submit it again.</p>
      {editHref ? (
        <ButtonLink to={editHref} className="mt-3">
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit and resubmit
        </ButtonLink>
      ) : null}
    </section>
  );
}
