// The props of the applicant's timeline of the stages after approval (views/components/portal/StageTimeline.tsx).

export interface StageTimelineStep {
  stage: string;
  title: string;
  state: "done" | "skipped" | "to_come";
  line: string | null;
  /** The day (YYYY-MM-DD) or, for the appointment, the ISO instant. */
  date: string | null;
  file: { name: string; url: string } | null;
}

export interface StageTimelineProps {
  steps: StageTimelineStep[];
  /** What happens next, in plain words. */
  nextStep: string;
  /** The coming appointment: when, where, what to bring and the calendar invite. */
  appointment: {
    when: string;
    centre: string;
    address: string;
    reference: string;
    bring: string[];
    /** The names of the case's own documents, to bring along. */
    documents: string[];
    inviteUrl: string;
  } | null;
}
