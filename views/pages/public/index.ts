// Public marketing pages: one client chunk, never bundled with portal or admin code.
import Home from "./Home.tsx";

export const pages = { Home };
