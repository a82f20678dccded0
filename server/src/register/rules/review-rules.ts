/** The numbers of registration review in the organisers' console (register/review.ts). */
// the numbers live with the console's calls, which respect them too
export { REVIEW_RULES } from '@contracts/admin/review-rules'

/** a LIKE pattern that finds `keyword` as it was typed: its % and _ are not wildcards */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
