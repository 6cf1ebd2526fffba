// /auth (DESIGN decision 1): sign in or create an account on one screen, then back to where the visitor was going.
import { useState } from "react";
import type { PasswordRule } from "../../components/forms/NewPasswordField.tsx";
import { SignInForm } from "../../components/forms/SignInForm.tsx";
import { type ChannelWords, SignUpForm, type SignUpValues } from "../../components/forms/SignUpForm.tsx";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface AuthProps {
  next: string;
  tab?: "signin" | "signup";
  error?: string;
  fields?: Record<string, string>;
  values?: SignUpValues;
  passwordRule: PasswordRule;
  /** The WhatsApp and SMS choices with their words (consentWords on the server). */
  channels: ChannelWords;
}

const TABS = [
  { id: "signin", label: "Sign In" },
  { id: "signup", label: "Create Account" },
] as const;

export default function Auth({ next, tab: initialTab, passwordRule, channels, ...state }: AuthProps) {
  const [tab, setTab] = useState<"signin" | "signup">(initialTab ?? "signin");
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{tab === "signin" ? "Welcome Back" : "Start Your Journey"}</h1>
        <p className="mb-5 mt-1 text-slate-700">
          {tab === "signin" ? "Sign in to access your travel dashboard" : "Create an account to apply for your visa online."}
        </p>
        <div role="tablist" aria-label="Sign in or create an account" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              onClick={() => setTab(t.id)}
              className={`rounded-md px-3 py-2 text-sm font-semibold ${tab === t.id ? "bg-white text-brand-900 shadow" : "text-slate-700"}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === "signin" ? (
            <SignInForm screen="auth" next={next} {...(initialTab !== "signup" ? state : {})} />
          ) : (
            <SignUpForm screen="auth" next={next} passwordRule={passwordRule} channels={channels} {...(initialTab === "signup" ? state : {})} />
          )}
        </div>
      </Card>
    </AuthLayout>
  );
}
