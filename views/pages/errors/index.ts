// Error screens: bundled with the client entry so a failure can always be shown.
import ErrorPage from "./ErrorPage.tsx";
import NotFound from "./NotFound.tsx";

export const pages = { NotFound, ErrorPage };
