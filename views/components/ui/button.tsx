// Button and link-styled-as-button of the portal and admin panel (the "control" size of the one button look).
import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import { type ButtonVariant, buttonClass } from "./button.ts";
import { useHydrated } from "./useHydrated.ts";

type Variant = Extract<ButtonVariant, "primary" | "outline" | "secondary" | "destructive" | "ghost">;

/**
 * A button that acts through its onClick is disabled until the page is hydrated: pressed earlier, it would do
 * nothing, and the press would be lost without a sign.
 */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const hydrated = useHydrated();
  const waits = type !== "submit" && rest.onClick !== undefined && !hydrated;
  return <button type={type} className={buttonClass(variant, "control", className)} disabled={disabled || waits} {...rest} />;
}

export function ButtonLink({ variant = "primary", className = "", ...rest }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, "control", className)} {...rest} />;
}
