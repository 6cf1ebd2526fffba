// The refusals the application and document actions share, in the words the product answers with.
export const LOAD_FAILED = "Failed to load application";
export const ALREADY_SUBMITTED = "This application has already been submitted.";
