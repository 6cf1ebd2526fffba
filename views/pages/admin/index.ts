// Admin panel screens: one client chunk, loaded only by admin pages.

import Analytics from "./Analytics.tsx";
import ApplicationReview from "./ApplicationReview.tsx";
import Applications from "./Applications.tsx";
import Enquiries from "./Enquiries.tsx";
import Enquiry from "./Enquiry.tsx";
import FullApplication from "./FullApplication.tsx";
import Outbox from "./Outbox.tsx";

export const pages = { Analytics, ApplicationReview, Applications, Enquiries, Enquiry, FullApplication, Outbox };
