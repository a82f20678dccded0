/** The numbers of registration review, read alike by the console (its selection, its reason field) and the server (server/src/register/rules/review-rules.ts). */
export const REVIEW_RULES = {
  /** registrations one decision may take: a page of the queue at its largest */
  maxBatch: 200,
  /** rows of one page of the queue */
  maxPageSize: 200,
  /** the reason told to the attendee, in characters (it goes into one SMS) */
  reasonMaxLength: 200,
  /** the search text, in characters */
  keywordMaxLength: 64,
} as const
