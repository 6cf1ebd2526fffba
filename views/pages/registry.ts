// THE page list: every page's name ("area/Screen") and its module, registered once. The server renderer, the
// client's chunk loader and the props type of renderPage() all derive from it.
import type { ComponentProps, ComponentType } from "react";
import { appPages, isIslandPage, type PageModule } from "./appPages.ts";

export { isIslandPage };

/** Every page: the marketing pages (rendered on the server only) and the application's (./appPages.ts). */
export const pages = {
  "public/Home": () => import("./public/Home.tsx"),
  "public/OurServices": () => import("./public/OurServices.tsx"),
  "public/About": () => import("./public/About.tsx"),
  "public/SuccessStories": () => import("./public/SuccessStories.tsx"),
  "public/Contact": () => import("./public/Contact.tsx"),
  "public/ContactResult": () => import("./public/ContactResult.tsx"),
  "public/TravelPackages": () => import("./public/TravelPackages.tsx"),
  "public/ServicePage": () => import("./public/ServicePage.tsx"),
  "public/Faq": () => import("./public/Faq.tsx"),
  "public/Privacy": () => import("./public/Privacy.tsx"),
  "public/ReceiptCheck": () => import("./public/ReceiptCheck.tsx"),
  "public/SignatureCheck": () => import("./public/SignatureCheck.tsx"),
  "public/Book": () => import("./public/Book.tsx"),
  "public/ManageBooking": () => import("./public/ManageBooking.tsx"),
  "public/BookingPayment": () => import("./public/BookingPayment.tsx"),
  ...appPages,
} satisfies Record<string, () => Promise<PageModule>>;

export type PageName = keyof typeof pages;

/** The props each page takes: renderPage() checks a controller's props against it. */
export type PagePropsMap = { [N in PageName]: ComponentProps<Awaited<ReturnType<(typeof pages)[N]>>["default"]> };

export type PageComponent<N extends PageName = PageName> = ComponentType<PagePropsMap[N]>;

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(pages, name);
}

/** The page's screen component (a dynamic import: cached by the module loader after the first time). */
export async function loadPage<N extends PageName>(name: N): Promise<PageComponent<N>> {
  return (await pages[name]()).default as PageComponent<N>;
}
