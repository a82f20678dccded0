/** The numbers of attendee import and export in the console (register/attendee-import.ts, attendee-export.ts). */
import { IMPORT_MAX_FILE_BYTES } from '@contracts/admin/attendee-io'

export const ATTENDEE_IO_RULES = {
  /** the largest file an import takes, in bytes (the console checks it too) */
  maxFileBytes: IMPORT_MAX_FILE_BYTES,
  /** the most attendee rows of one file (the header not counted) */
  maxRows: 10_000,
  /** rows written by one INSERT: well below PostgreSQL's 65,535 parameters per statement */
  insertBatch: 1_000,
  /** values of one look-up (`IN (…)`), for the same reason */
  lookupBatch: 5_000,
  /** the export reads the form's answers this many attendees at a time */
  exportPage: 2_000,
} as const

/** the base64 text of a file of `bytes` bytes, in characters */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4

/** whether a file of this many bytes may be imported */
export const fileFits = (bytes: number): boolean => bytes <= ATTENDEE_IO_RULES.maxFileBytes

/** whether a file of this many attendee rows may be imported */
export const rowsFit = (rows: number): boolean => rows <= ATTENDEE_IO_RULES.maxRows
