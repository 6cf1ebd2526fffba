// The 404 screen for any unknown path (SPEC §2.1).
import { Link } from "react-router-dom";

export interface NotFoundProps {
  path: string;
}

export default function NotFound({ path }: NotFoundProps) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
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
    </main>
  );
}
