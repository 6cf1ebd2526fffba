// The passport photo's check against the destination's photo rules: each failed rule in words, with what to do.
// Warnings only (the consultant decides); shown to the applicant on step 3 and their application's page, and to
// staff on the case (`staff`: its own section under the passport zone). Plain HTML: it needs no script.
import type { PhotoCheckView } from "../pages/portal/types.ts";

function Applicant({ photo }: { photo: PhotoCheckView }) {
  if (photo.state === "none") return null;
  if (photo.state === "pending") {
    return (
      <p role="status" className="text-sm text-slate-700">
        Checking your photo against the destination's photo rules…
      </p>
    );
  }
  if (photo.warnings.length === 0) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {`Your photo meets ${photo.rulesOf}'s photo rules that we can measure.`}
      </p>
    );
  }
  return (
    <section aria-labelledby="photo-checks" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <h2 id="photo-checks" className="font-semibold text-slate-900">
        Check your passport photo
      </h2>
      <p className="text-sm text-slate-800">
        You can carry on: these are warnings, and your consultant will check the photo. Uploading a better one now avoids a delay later.
      </p>
      <Warnings warnings={photo.warnings} />
    </section>
  );
}

const Warnings = ({ warnings }: { warnings: string[] }) => (
  <ul className="mt-2 grid list-disc gap-1 pl-5 text-slate-900">
    {warnings.map((w) => (
      <li key={w} className="break-words">
        {w}
      </li>
    ))}
  </ul>
);

const STAFF_STATE = {
  none: "No passport photo uploaded yet.",
  pending: "The passport photo is being checked.",
  unreadable: "The passport photo could not be opened as an image: check the file.",
  checked: "",
};

function Staff({ photo }: { photo: PhotoCheckView }) {
  const line =
    photo.state !== "checked"
      ? STAFF_STATE[photo.state]
      : photo.warnings.length
        ? `Measured against ${photo.rulesOf}'s photo rules, the applicant was told (warnings only: judge the photo):`
        : `It meets ${photo.rulesOf}'s photo rules that can be measured (size, shape, file, background, sharpness).`;
  return (
    <section aria-labelledby="photo-check-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="photo-check-heading" className="font-semibold text-slate-900">
        Passport photo checks
      </h3>
      <p className="text-sm text-slate-700">{line}</p>
      {photo.state === "checked" && photo.warnings.length ? <Warnings warnings={photo.warnings} /> : null}
    </section>
  );
}

export function PhotoWarnings({ photo, staff = false }: { photo: PhotoCheckView; staff?: boolean }) {
  return staff ? <Staff photo={photo} /> : <Applicant photo={photo} />;
}

export default PhotoWarnings;
