// Button and link-styled-as-button of the portal and admin panel (the "control" size of the one button look).
import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import { type ButtonVariant, buttonClass } from "./button.ts";

type Variant = Extract<ButtonVariant, "primary" | "outline" | "secondary" | "destructive" | "ghost">;

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, "control", className)} {...rest} />;
}

export function ButtonLink({ variant = "primary", className = "", ...rest }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, "control", className)} {...rest} />;
}
