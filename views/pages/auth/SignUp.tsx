// /signup (SPEC §2.6): 'Start Your Journey'.
import { Link } from "react-router-dom";
import type { PasswordRule } from "../../components/forms/NewPasswordField.tsx";
import { type ChannelWords, SignUpForm, type SignUpValues } from "../../components/forms/SignUpForm.tsx";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface SignUpProps {
  error?: string;
  fields?: Record<string, string>;
  values?: SignUpValues;
  passwordRule: PasswordRule;
  /** The WhatsApp and SMS choices with their words (consentWords on the server). */
  channels: ChannelWords;
}

export default function SignUp(props: SignUpProps) {
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Start Your Journey</h1>
        <p className="mb-6 mt-1 text-slate-700">Create an account to apply for your visa online and follow every step.</p>
        <SignUpForm screen="signup" {...props} />
        <p className="mt-6 text-center text-sm text-slate-700">
          Already have an account?{" "}
          <Link to="/signin" className="font-semibold text-brand-800 underline">
            Sign in
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}
