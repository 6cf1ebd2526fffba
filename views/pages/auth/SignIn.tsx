// /signin (SPEC §2.6): 'Welcome Back'.
import { Link } from "react-router-dom";
import { SignInForm } from "../../components/forms/SignInForm.tsx";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface SignInProps {
  error?: string;
  fields?: Record<string, string>;
  values?: { email?: string };
}

export default function SignIn(props: SignInProps) {
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Welcome Back</h1>
        <p className="mb-6 mt-1 text-slate-700">Sign in to access your travel dashboard</p>
        <SignInForm screen="signin" {...props} />
        <p className="mt-6 text-center text-sm text-slate-700">
          New here?{" "}
          <Link to="/signup" className="font-semibold text-brand-800 underline">
            Create an account
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}
