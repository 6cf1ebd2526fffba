// Fetches the page object of a URL as JSON from the same controller that renders its HTML.
import type { PageData } from "../views/pageData.ts";

export interface FetchedPage {
  data: PageData;
  /** Path + search after redirects. */
  url: string;
}

const RETRIES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Network failures retry 3 times with exponential delay capped at 30 s; HTTP answers are final. */
export async function fetchPage(url: string): Promise<FetchedPage | { fullLoad: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const finalUrl = new URL(res.url, location.href);
      if (finalUrl.origin !== location.origin) return { fullLoad: finalUrl.href };
      const type = res.headers.get("content-type") ?? "";
      if (!type.includes("application/json")) return { fullLoad: finalUrl.pathname + finalUrl.search };
      const data = (await res.json()) as PageData;
      if (!data?.page) return { fullLoad: finalUrl.pathname + finalUrl.search };
      return { data, url: finalUrl.pathname + finalUrl.search };
    } catch (err) {
      if (attempt >= RETRIES) throw err;
      await sleep(Math.min(1000 * 2 ** attempt, 30_000));
    }
  }
}
