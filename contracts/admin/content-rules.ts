/** The numbers of the console's content editors, read alike by the console and the server. */

export const CONTENT_RULES = {
  /** the longest draft (characters): a request body is at most 1 MiB */
  maxDraftChars: 900_000,
  pictures: {
    /** bytes of one picture: sent as base64 inside a request of at most 1 MiB */
    maxBytes: 700 * 1024,
    /** formats as their bytes say (never the name) */
    formats: ['jpg', 'png', 'gif', 'webp'] as const,
    /** the list shows at most this many, newest first */
    listMax: 200,
  },
} as const
