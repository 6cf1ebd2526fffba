// Labelled form fields that show a server-side field error under the input and keep what was entered before hydration.
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { useInputBeforeScript } from "./useInputBeforeScript.ts";

const CONTROL =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 aria-[invalid=true]:border-red-700";

interface FieldShell {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

function Shell({ id, label, error, hint, required, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      {/* A label may hold an e-mail address ("Reply to …"): it wraps anywhere rather than widen a phone's page. */}
      <label htmlFor={id} className="text-sm font-medium wrap-anywhere text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The message under a control, found by `${id}-error`; controls built outside this module link it with describedBy. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, error, hint, required, id, ...rest }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  const ref = useInputBeforeScript(rest.value, rest.onChange);
  return (
    <Shell id={fid} label={label} error={error} hint={hint} required={required}>
      <input
        ref={ref}
        id={fid}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, hint, error)}
        className={CONTROL}
        {...rest}
      />
    </Shell>
  );
}

/** `fit`: the box grows with what is typed (at least `minHeight`), so a long text shows whole on a phone. */
export function TextArea({
  label,
  error,
  hint,
  required,
  id,
  fit,
  ...rest
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement> & { fit?: "short" | "long" }) {
  const auto = useId();
  const fid = id ?? auto;
  const ref = useInputBeforeScript(rest.value, rest.onChange);
  return (
    <Shell id={fid} label={label} error={error} hint={hint} required={required}>
      <textarea
        ref={ref}
        id={fid}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, hint, error)}
        className={fit ? `${CONTROL} field-sizing-content ${fit === "long" ? "min-h-40" : "min-h-20"}` : CONTROL}
        {...rest}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  options,
  placeholder,
  ...rest
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[]; placeholder?: string }) {
  const auto = useId();
  const fid = id ?? auto;
  const ref = useInputBeforeScript(rest.value, rest.onChange);
  return (
    <Shell id={fid} label={label} error={error} hint={hint} required={required}>
      <select
        ref={ref}
        id={fid}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, hint, error)}
        className={CONTROL}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}
