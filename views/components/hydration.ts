// When the browser's page counts as hydrated (client/app.tsx's `hydrated` mark, where "script before usable" is
// measured): once React has committed the page and the deferred parts its first render shows have hydrated too
// (views/components/deferred.tsx). What waits for that point (the parts not shown yet, the upload library) runs then.
// Small on purpose: it is in the application's chunk, which every page loads.

let hydrated = false;
const waiting: (() => void)[] = [];
/** The shown parts still to hydrate, by their useId, and who waits for them. */
const shownParts = new Set<string>();
let whenShownHydrated: (() => void) | undefined;

/** A part in the first render: the page is not hydrated before it is (parts rendered later do not count). */
export function partShown(id: string): void {
  if (!hydrated) shownParts.add(id);
}

/** A shown part has hydrated, or is gone before it could (the page moved on): nothing waits for it any more. */
export function partDone(id: string): void {
  if (shownParts.delete(id) && !shownParts.size) whenShownHydrated?.();
}

/** After the page's first commit: resolves once every part its first render shows has hydrated. */
export function shownPartsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    if (!shownParts.size) resolve();
    else whenShownHydrated = resolve;
  });
}

/** The page is hydrated: runs what waited for it. */
export function pageHydrated(): void {
  hydrated = true;
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` once the page is hydrated (at once when it is already). */
export function afterHydration(run: () => void): void {
  if (hydrated) run();
  else waiting.push(run);
}
