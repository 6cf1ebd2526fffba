// Headings and labels every service page shares (kept apart from the pages' copy, which reaches the browser as props).
/** Section headings shared by every service page. */
export const servicePageLabels = {
  requirements: "Requirements",
  benefits: "How We Help You",
  process: "Our Process",
  highlights: "At a glance",
  ctaTitle: "Ready to Get Started?",
  ctaText: "Book a free consultation and a consultant will get back to you within 24 hours.",
  learnMore: "Learn more",
  routes: "Routes for Nigerian Applicants",
  routesIntro: "The main ways in, what each asks of you in documents and money, and how long it usually takes.",
  documents: "Documents",
  money: "Money",
  processing: "Processing time",
  lodging: "Where You Apply from Nigeria",
  sources: "Sources",
  sourcesIntro: "Fees, thresholds and processing times change. We check them against these official pages:",
  lastReviewed: "Last reviewed:",
  opensNewTab: "(opens in a new tab)",
} as const;
