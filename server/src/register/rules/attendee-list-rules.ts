/** The numbers of the console's attendee list (register/attendee-list.ts). */
export const ATTENDEE_LIST_RULES = {
  /** rows of one page */
  maxPageSize: 200,
  /** the search text, in characters */
  keywordMaxLength: 64,
  nameMaxLength: 64,
  companyMaxLength: 128,
} as const
