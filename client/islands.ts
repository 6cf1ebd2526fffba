// Browser entry of the marketing pages. The page is static HTML; only its islands hydrate, each on its own root and
// when it is needed: the desktop menus at once where they show (64rem and wider), the contact form when it comes near
// the viewport or is touched. React itself is fetched with the first island that hydrates; a phone that only reads
// downloads this file alone. The menus are native disclosures and work before any of it (client/disclosure.ts).
import "./styles.css";
import { type IslandName, islands } from "../views/islands.ts";
import { enhanceDisclosures } from "./disclosure.ts";

const desktop = window.matchMedia("(min-width: 64rem)");
const CONTACT = ["pointerdown", "focusin", "keydown"] as const;

/** Fetches the island's code and React, then hydrates it; without its code (a lost connection) the HTML stays. */
async function hydrate(el: HTMLElement, name: IslandName): Promise<void> {
  if (el.dataset.hydration) return;
  el.dataset.hydration = "started";
  try {
    const [{ hydrateIsland }, module] = await Promise.all([import("./island-root.tsx"), islands[name]()]);
    await hydrateIsland(el, module.default, JSON.parse(el.dataset.props ?? "{}"), Number(el.dataset.islandId));
    el.dataset.hydration = "done";
  } catch {
    el.dataset.hydration = "failed";
  }
}

/** Hydrates on the first pointer, focus or key contact with the island. */
function onContact(el: HTMLElement, start: () => void): void {
  const once = () => {
    for (const type of CONTACT) el.removeEventListener(type, once, true);
    start();
  };
  for (const type of CONTACT) el.addEventListener(type, once, true);
}

/** When the island is within 300px of the viewport. */
function whenNear(el: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: "300px" },
  );
  // The island's own element has no box (display: contents): watch what it holds.
  observer.observe(el.firstElementChild ?? el);
}

function whenDesktop(start: () => void): void {
  if (desktop.matches) {
    start();
    return;
  }
  const onChange = () => {
    if (!desktop.matches) return;
    desktop.removeEventListener("change", onChange);
    start();
  };
  desktop.addEventListener("change", onChange);
}

/** The islands that must be live as soon as the page is: the test suite and the benchmark wait for these. */
function schedule(el: HTMLElement): Promise<void> | undefined {
  const name = el.dataset.island as IslandName;
  if (!(name in islands)) return undefined;
  const start = () => void hydrate(el, name);
  switch (name) {
    case "desktop-nav":
      // Shown only at desktop width, where the menus answer the first hover: a phone never fetches them.
      if (desktop.matches) return hydrate(el, name);
      whenDesktop(start);
      return undefined;
    case "contact-form":
      onContact(el, start);
      whenNear(el, start);
      return undefined;
  }
}

/**
 * Sections below the first screen are laid out only as they near the viewport (`render-when-near`), so until then
 * their heights are estimates, and a smooth scroll to `#contact` would stop where the estimates put it. An in-page
 * link lays them all out before the browser scrolls.
 */
function layOutBeforeInPageScroll(): void {
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
      if (!(link instanceof HTMLAnchorElement) || !link.hash || link.origin !== location.origin || link.pathname !== location.pathname) return;
      document.documentElement.classList.add("render-all");
    },
    { capture: true },
  );
}

async function boot() {
  layOutBeforeInPageScroll();
  enhanceDisclosures();
  const now = [...document.querySelectorAll<HTMLElement>("[data-island]")].map(schedule);
  await Promise.all(now);
  document.documentElement.dataset.hydrated = "true";
  performance.mark("hydrated");
}

void boot();
