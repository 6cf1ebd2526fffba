// Admin panel screens: one client chunk, loaded only by admin pages.

import Analytics from "./Analytics.tsx";
import ApplicationReview from "./ApplicationReview.tsx";
import Applications from "./Applications.tsx";
import FullApplication from "./FullApplication.tsx";

export const pages = { Analytics, ApplicationReview, Applications, FullApplication };
