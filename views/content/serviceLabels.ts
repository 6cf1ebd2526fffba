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
} as const;
