// Browser entry of the pages that hydrate whole (sign-in, portal, admin, errors; marketing pages use islands.ts). The
// page arrives rendered: let the browser paint it first, then download and start the application, so on a slow mobile
// link the HTML and CSS do not share the bandwidth with the JavaScript.
import "./styles.css";

/** Resolves once the browser has painted the page's content (or after `limitMs`, whichever comes first). */
function afterFirstPaint(limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    let observer: PerformanceObserver | undefined;
    if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) done();
      });
      observer.observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(done, 0));
    }
  });
}

/** Fetches every chunk the page runs in parallel (the server lists them on the entry's script tag). */
function preloadChunks() {
  const list = document.querySelector<HTMLScriptElement>("script[data-preload]")?.dataset.preload ?? "";
  for (const href of list.split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/** Lets the browser run what waits (a tap, a paint) before the next piece of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot() {
  await afterFirstPaint(1000);
  // Started in turns, each a task of its own, so a slow phone's main thread is never held for long at once: the
  // chunks' requests, React, then the application and the page's own code, then hydration (client/app.tsx).
  preloadChunks();
  await nextTask();
  await import("react-dom/client");
  await nextTask();
  const { start } = await import("./app.tsx");
  await start(nextTask);
}

void boot();
