/**
 * Every number of the registration rules (spec §3, §5, §9 for registration), in one table. The
 * spec's numbers are the defaults; an event's form file may set its own where it says so
 * (contracts/register-form.ts). server/test/register-rules.test.ts walks them at their edges.
 */
const MB = 1024 * 1024

export const REGISTER_RULES = {
  activities: {
    /** activities one attendee may sign up for when the event's form sets none: no limit (spec §5) */
    defaultMaxPerAttendee: null as number | null,
    /** codes in one choice: far above any real agenda, keeps a request small */
    maxCodesPerRequest: 50,
  },
  uploads: {
    /** spec §9 "upload default max count 52": files one person (or one device before registering) may upload per event */
    maxFilesPerOwner: 52,
    /** the largest file any form may allow, and the upload route's body limit */
    maxBytesCeiling: 10 * MB,
    /** formats the server can recognise from the bytes themselves */
    knownFormats: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf'] as const,
    /** a form file's upload field without limits of its own */
    defaults: {
      photo: { formats: ['jpg', 'jpeg', 'png'], maxBytes: 2 * MB, minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0 },
      attachment: { formats: ['pdf', 'jpg', 'jpeg', 'png'], maxBytes: 5 * MB, minWidth: 0, maxWidth: 0, minHeight: 0, maxHeight: 0 },
    },
  },
  followers: {
    /** followers of one type when the form file sets no max */
    defaultMaxPerType: 5,
  },
  /** changePwd: a new password's length (the old one is checked and throttled like a login) */
  password: { minLength: 8, maxLength: 64 },
} as const
