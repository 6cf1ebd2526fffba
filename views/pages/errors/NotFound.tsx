// The 404 screen for any unknown path (SPEC §2.1), in the site's frame like every public page.
import { Link } from "react-router-dom";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";

export interface NotFoundProps {
  path: string;
  /** The footer's copyright year, computed on the server. */
  year: number;
}

export default function NotFound({ path, year }: NotFoundProps) {
  return (
    <SiteLayout year={year}>
      <div className="flex min-h-[50vh] items-center justify-center bg-slate-100 px-4 py-16">
        <div className="text-center">
          <h1 className="mb-4 text-4xl font-bold text-slate-900">404</h1>
          <p className="mb-2 text-xl text-slate-700">Oops! Page not found</p>
          <p className="mb-6 break-all text-sm text-slate-600">
            Nothing lives at <code>{path}</code>.
          </p>
          <Link to="/" className="font-semibold text-blue-800 underline hover:text-blue-950">
            Return to Home
          </Link>
        </div>
      </div>
    </SiteLayout>
  );
}
