// The marketing pages' one header exception: no Cross-Origin-Opener-Policy (why, below; the risk, in SECURITY.md).
import type { RequestHandler } from "express";

/**
 * The marketing pages are sent without Cross-Origin-Opener-Policy. On a page that sends it, a visitor arriving from
 * another site or a new tab gets a new browsing context group, so the browser starts a fresh renderer and builds the
 * page's script context from nothing before the first paint: measured with Lighthouse's mobile settings, that work
 * alone is 150-250 ms of blocking time on a one-paragraph page (README, "Marketing pages"). These pages hold nothing
 * of the visitor's: the same cached bytes for everyone, no session, no form data until the contact form is filled.
 * Sign-in, the portal and the admin panel keep the policy (helmet's `same-origin`), so a window that opened the
 * site cannot reach the pages with passports on them. What is given up is listed in SECURITY.md.
 */
export const withoutOpenerPolicy: RequestHandler = (_req, res, next) => {
  res.removeHeader("Cross-Origin-Opener-Policy");
  next();
};
