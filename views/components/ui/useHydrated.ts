// False in the server's HTML and during hydration, true from the first render after it. A control that only works
// with the page's script (a form posting JSON) stays disabled until then: pressed earlier, the browser would submit
// the form itself, as a GET of the page with the fields in its address.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
