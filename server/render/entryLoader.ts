// Every page's only inline script: it adds the page's entry (client/islands.ts on a marketing page, client/main.tsx on
// the others) once the page has painted. A `<script type="module" src>` in the head is fetched with the stylesheet
// and runs as soon as the document is parsed, which on a slow phone is before the first paint: its parse, evaluation
// and the chunk it imports then stand between the visitor and the content (and Lighthouse counts them in the largest
// paint). Nothing on a page needs script to paint: it arrives rendered, the menus are native disclosures and forms
// keep what was typed before they hydrate. The entry's URL is read from the element, so the text (and the hash the
// Content-Security-Policy allows it by) is the same for every build.
import { createHash } from "node:crypto";

export const ENTRY_LOADER = [
  "(()=>{",
  "const src=document.currentScript.dataset.src;",
  "let started=false;",
  'const load=()=>{if(started)return;started=true;const s=document.createElement("script");s.type="module";s.src=src;document.head.append(s)};',
  // After the frame that follows the first contentful paint, so the entry's work is not part of that paint.
  "const soon=()=>requestAnimationFrame(()=>setTimeout(load,0));",
  'try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();soon()}}).observe({type:"paint",buffered:true})}catch{}',
  // A browser without paint timing, or a page that never painted in front (a background tab): after the load.
  'addEventListener("load",()=>setTimeout(load,2000),{once:true});',
  "})()",
].join("");

/** The `script-src` source that allows exactly this script. */
export const ENTRY_LOADER_CSP = `'sha256-${createHash("sha256").update(ENTRY_LOADER).digest("base64")}'`;
