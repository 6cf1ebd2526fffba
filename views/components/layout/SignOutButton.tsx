// Sign Out: a real form POST (works without JavaScript); with JavaScript it posts in the background and goes to /auth.

import type { FormEvent } from "react";
import { useShared } from "../../shared.tsx";
import { buttonClass } from "../ui/button.ts";
import { LogOut } from "../ui/icons.ts";
import { forgetAllKeptInput } from "../wizard/keptInput.ts";

export function SignOutButton() {
  const { csrfToken } = useShared();
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    forgetAllKeptInput();
    await fetch("/signout", {
      method: "POST",
      headers: { Accept: "application/json", "X-CSRF-Token": csrfToken ?? "" },
      credentials: "same-origin",
    }).catch(() => undefined);
    // A full load: nothing of the signed-in session stays in memory or in the page cache.
    window.location.assign("/auth");
  };
  return (
    <form method="post" action="/signout" onSubmit={onSubmit}>
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <button type="submit" className={buttonClass("outline", "control")}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Sign Out
      </button>
    </form>
  );
}
