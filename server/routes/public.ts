// The public routes: the marketing site, the contact form, receipts, booking a consultation, the calendar feed.
import * as booking from "../controllers/booking.ts";
import * as bookingLinks from "../controllers/bookingLinks.ts";
import { bookingPaymentPage } from "../controllers/bookingPayment.ts";
import { calendarFeedFile } from "../controllers/calendarFeed.ts";
import { contactForm, contactFormRefused } from "../controllers/contact.ts";
import * as publicPages from "../controllers/public.ts";
import * as receipts from "../controllers/receipts.ts";
import * as seo from "../controllers/seo.ts";
import { signatureCheckPage } from "../controllers/signatures.ts";
import { contactQuery } from "../validation/contact.ts";
import { get, post, type Route } from "./define.ts";

export const publicRoutes: Route[] = [
  // Marketing site (SPEC §2.1): no session, cached (server/middleware/publicCache.ts).
  get("/", "public", publicPages.homePage),
  get("/our-services", "public", publicPages.ourServicesPage),
  get("/about", "public", publicPages.aboutPage),
  get("/success-stories", "public", publicPages.successStoriesPage),
  get("/contact", "public", publicPages.contactPage, { cache: { query: contactQuery } }),
  // Public (no session): the cached page has no CSRF token; the handler checks the origin, a honeypot and a limit.
  post("/contact", "public", contactForm, contactFormRefused),
  get("/travel-packages", "public", publicPages.travelPackagesPage),
  get("/faq", "public", publicPages.faqPage),
  get("/privacy", "public", publicPages.privacyPage),
  get("/services/:slug", "public", publicPages.servicePage, { paths: publicPages.servicePaths }),
  get("/robots.txt", "public", seo.robotsFile, { cache: { host: true } }),
  get("/site.webmanifest", "public", seo.webManifestFile),
  // Anyone checks a receipt (issue #30): no session, rate-limited per network, not cached, not indexed.
  get("/receipts", "public", receipts.receiptFormPage, { unlisted: true }),
  get("/receipts/:code", "public", receipts.receiptCheckPage, { unlisted: true }),
  get("/signatures/:code", "public", signatureCheckPage, { unlisted: true }),
  // Booking a consultation (no account needed): per visitor (its form carries a CSRF token and a signed-in
  // applicant's details), never cached; a booking's own links from its e-mails.
  get("/book", "any", booking.bookPage),
  post("/book", "any", booking.bookForm, booking.bookFormRefused),
  get("/book/reschedule/:token", "any", bookingLinks.reschedulePage),
  post("/book/reschedule/:token", "any", bookingLinks.rescheduleForm, bookingLinks.rescheduleRefused),
  get("/book/cancel/:token", "any", bookingLinks.cancelPage),
  // Back from Paystack's checkout for a paid consultation (the booking and its payment's reference).
  get("/book/payment/:id", "any", bookingPaymentPage),
  post("/book/cancel/:token", "any", bookingLinks.cancelForm, bookingLinks.cancelRefused),
  // A staff member's calendar feed: its secret is the only key (calendar apps carry no session).
  get("/calendar/:token.ics", "public", calendarFeedFile, { unlisted: true }),
];
