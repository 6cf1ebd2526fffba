// A page's failure state (SPEC §8): when the database cannot answer, the page's own frame, toast and Retry.
import type { ErrorRequestHandler } from "express";
import type { UnavailableProps } from "../../views/pages/portal/Unavailable.tsx";
import { renderPage } from "../render/renderPage.ts";
import { describeError } from "./errors.ts";

export /** Renders a page's failure state for an error that means the database cannot answer; any other error goes on. */
function unavailablePage(props: UnavailableProps): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent || describeError(err).status !== 503) return next(err);
    req.log?.error({ err }, "page data unavailable");
    res.set("Retry-After", "5");
    renderPage(req, res, "portal/Unavailable", { ...props }, { title: props.heading, status: 503, noindex: true }).catch(next);
  };
}
