// Keeps what was typed or chosen in a controlled field before the page's script ran (selects, radios, checkboxes, text).
import { type ChangeEvent, useEffect, useRef } from "react";

type Control = HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement;

/**
 * React hydrates a controlled field without touching what the person typed or chose meanwhile, but the state still
 * holds the server's value and the next render puts that back: a status form showing Rejected and sending Under
 * Review, a note emptied by the first re-render. Once hydrated, a field whose DOM differs from `rendered` (its
 * value, or a radio's or checkbox's checked) hands what it holds to `onChange`, as the change it was. Returns the
 * ref for the control; an uncontrolled field (`rendered` undefined) keeps its DOM by itself.
 */
export function useInputBeforeScript<E extends Control>(rendered: unknown, onChange: ((e: ChangeEvent<E>) => void) | undefined) {
  const ref = useRef<E>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydration commit; later changes are events.
  useEffect(() => {
    const el = ref.current;
    if (!el || !onChange || rendered === undefined) return;
    const toggle = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");
    const held = toggle ? el.checked : el.value;
    // A radio speaks for its group only when it is the one now chosen; the one it replaced has nothing to report.
    if (held === (toggle ? rendered : String(rendered)) || (el.type === "radio" && !held)) return;
    // The handlers read the control from the event's target; the element itself carries what was chosen.
    onChange({ target: el, currentTarget: el } as ChangeEvent<E>);
  }, []);
  return ref;
}
