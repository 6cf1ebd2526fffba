// React context carrying what every page may read: the signed-in user, CSRF token, flash and site facts.
import { createContext, useContext } from "react";
import type { ApiCall, ApiFailure, ResumableUpload, Shared, UploadCall } from "./types.ts";

export const SharedContext = createContext<Shared | null>(null);

export function useShared(): Shared {
  const shared = useContext(SharedContext);
  if (!shared) throw new Error("useShared outside <App>");
  return shared;
}

export interface Navigation {
  /** True while a client navigation is fetching the next page. */
  busy: boolean;
  /**
   * True while the page shown is being left for another address (a followed link, Back): the shown page is then inert,
   * so nothing is typed into a form about to go away. False during a reload of the same page.
   */
  leaving?: boolean;
  /** Fetches the current URL again, bypassing the page cache. */
  reload: () => Promise<void>;
}

export const NavigationContext = createContext<Navigation>({ busy: false, reload: async () => {} });

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

const noApi: ApiCall = async () => {
  throw new Error("API calls are only made in the browser");
};

/** Provided by the client entry; views call the server only through it. */
export const ApiContext = createContext<ApiCall>(noApi);

export function useApi(): ApiCall {
  return useContext(ApiContext);
}

export function isApiFailure(err: unknown): err is ApiFailure {
  return err instanceof Error && typeof (err as ApiFailure).status === "number";
}

const noUpload: UploadCall = async () => {
  throw new Error("Uploads are only made in the browser");
};

export const UploadContext = createContext<UploadCall>(noUpload);

export function useUpload(): UploadCall {
  return useContext(UploadContext);
}

const noResumable: ResumableUpload = {
  send: async () => {
    throw new Error("Uploads are only made in the browser");
  },
  prepare: () => {},
};

export const ResumableUploadContext = createContext<ResumableUpload>(noResumable);

export function useResumableUpload(): ResumableUpload {
  return useContext(ResumableUploadContext);
}
