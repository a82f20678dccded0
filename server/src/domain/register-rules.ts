/**
 * Every number of the registration rules (spec §3, §5, §9 for registration), in one table. The
 * spec's numbers are the defaults; an event's form file may set its own where it says so
 * (contracts/register-form.ts). server/test/register-rules.test.ts walks each at its edges.
 */
export const REGISTER_RULES = {
  activities: {
    /** activities one attendee may sign up for when the event's form sets none: no limit (spec §5) */
    defaultMaxPerAttendee: null as number | null,
    /** codes in one choice: far above any real agenda, keeps a request small */
    maxCodesPerRequest: 50,
  },
} as const
