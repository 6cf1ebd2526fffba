// Step 3's offer of what was read from the passport scan's bottom lines (the machine-readable zone, read by the
// server's job worker): each answer that differs from what the applicant typed, beside it, with "Use this". Nothing
// typed is ever replaced without that press; an unreadable zone says how to take a better photo. With it, the
// passport photo's check against the destination's photo rules (the page's own until a new photo is uploaded). Asks
// the server again every two seconds while the read or the check is waiting, for up to a minute; a new upload mounts
// it afresh (its key).

import { useEffect, useState } from "react";
import type { PassportOfferView as Offer, PhotoCheckView } from "../../pages/portal/types.ts";
import { useApi } from "../../shared.tsx";
import { PhotoWarnings } from "../PhotoWarnings.tsx";
import { Button } from "../ui/button.tsx";
import type { TextKey } from "./form.ts";

const LABELS: Partial<Record<TextKey, string>> = {
  full_name: "Full name",
  passport_number: "Passport number",
  date_of_birth: "Date of birth",
  gender: "Gender",
  passport_expiry_date: "Expiry date",
};
const POLL_MS = 2000;
const POLLS = 30;

export const UNREADABLE = "We could not read the bottom lines of your passport: take the photo flat, in good light, with the two lines sharp.";

const shown = (key: string, v: string) => (key === "gender" && v ? v[0].toUpperCase() + v.slice(1) : v);
const same = (key: string, typed: string, read: string) =>
  key === "full_name" || key === "passport_number" ? typed.toUpperCase().replace(/\s+/g, " ").trim() === read.toUpperCase() : typed === read;

export function PassportOffer({
  applicationId,
  values,
  onUse,
  photo,
}: {
  applicationId: string;
  values: Partial<Record<TextKey, string>>;
  onUse: (key: TextKey, value: string) => void;
  /** The photo's check as the page was rendered with it (none after a new upload: the server is asked). */
  photo?: PhotoCheckView;
}) {
  const api = useApi();
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      try {
        const answer = await api<Offer>("GET", `/api/applications/${applicationId}/passport-read`);
        if (stop) return;
        setOffer(answer);
        // "none" with no photo: mounted for a scan whose read is not recorded yet. With a photo, there may be no scan.
        const photoState = answer.photo?.state ?? "none";
        const waiting = answer.state === "pending" || photoState === "pending" || (answer.state === "none" && photoState === "none");
        if (waiting && left > 0) timer = setTimeout(() => void ask(left - 1), POLL_MS);
      } catch {
        // Offline or refused: the offer is a help, not a step; the answers typed stand.
      }
    };
    void ask(POLLS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [api, applicationId]);

  const checked = offer?.photo ?? photo;
  const warnings = checked ? <PhotoWarnings photo={checked} /> : null;
  return (
    <>
      {warnings}
      <ReadOffer offer={offer} values={values} onUse={onUse} />
    </>
  );
}

function ReadOffer({
  offer,
  values,
  onUse,
}: {
  offer: Offer | null;
  values: Partial<Record<TextKey, string>>;
  onUse: (key: TextKey, value: string) => void;
}) {
  if (!offer || offer.state === "off" || offer.state === "none") return null;
  if (offer.state === "pending") {
    return (
      <p role="status" className="text-sm text-slate-700">
        Reading the bottom lines of your passport…
      </p>
    );
  }
  if (offer.state === "unreadable") {
    return (
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
        {UNREADABLE}
      </p>
    );
  }
  const read = Object.entries(offer.fields ?? {}) as [TextKey, string][];
  const differ = read.filter(([key, value]) => !same(key, values[key] ?? "", value));
  return (
    <section aria-labelledby="passport-offer" className="rounded-xl border border-brand-600 bg-brand-50 p-4">
      <h2 id="passport-offer" className="font-semibold text-slate-900">
        We read these from your passport — check them
      </h2>
      {differ.length === 0 ? (
        <p role="status" className="mt-1 text-slate-800">
          Your answers match the bottom lines of your passport.
        </p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {differ.map(([key, value]) => (
            <li key={key} className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-300 pt-3 first:border-0 first:pt-0">
              <div className="min-w-0 text-slate-900">
                <p className="font-medium">{LABELS[key] ?? key}</p>
                <p className="break-words text-sm">
                  Passport: <span className="font-mono">{shown(key, value)}</span>
                </p>
                <p className="break-words text-sm text-slate-700">You typed: {values[key] ? shown(key, values[key] ?? "") : "nothing yet"}</p>
              </div>
              <Button variant="outline" onClick={() => onUse(key, value)} aria-label={`Use the passport's ${(LABELS[key] ?? key).toLowerCase()}`}>
                Use this
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
