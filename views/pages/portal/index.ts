// Applicant portal screens: one client chunk, loaded only by signed-in pages.
import Checklist from "./Checklist.tsx";
import Dashboard from "./Dashboard.tsx";
import Details from "./Details.tsx";
import Payment from "./Payment.tsx";
import Receipt from "./Receipt.tsx";
import Review from "./Review.tsx";
import Unavailable from "./Unavailable.tsx";
import Wizard from "./Wizard.tsx";

export const pages = { Checklist, Dashboard, Details, Payment, Receipt, Review, Unavailable, Wizard };
