/** The numbers of registration review in the organisers' console (register/review.ts). */
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

/** a LIKE pattern that finds `keyword` as it was typed: its % and _ are not wildcards */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
