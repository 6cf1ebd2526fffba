// The conversation as a part that hydrates after the rest of its page (components/deferred.tsx): the details and
// review pages show it in full at once and make it interactive once its script arrives.
import { deferred } from "../deferred.tsx";

export const LaterThread = deferred(() => import("./Thread.tsx").then((m) => ({ default: m.Thread })));
