// The generic error screen (SPEC §2.1): status and status text, or the message; never a stack trace.
import { Link } from "react-router-dom";

export interface ErrorPageProps {
  status?: number;
  statusText?: string;
  message?: string;
}

export default function ErrorPage({ status, statusText, message }: ErrorPageProps) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="max-w-lg text-center">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        {status ? <p className="mb-2 text-lg text-slate-800">{`${status} ${statusText ?? ""}`.trim()}</p> : null}
        {message ? <p className="mb-6 text-slate-700">{message}</p> : null}
        <Link to="/" className="font-semibold text-blue-800 underline hover:text-blue-950">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
