/**
 * Storage keys are made by the server (files/files.ts: event id / random code; the microsite's
 * `site/…` paths), never taken whole from a client. Every provider checks them once more, so no key
 * can leave a folder, a table's namespace or a bucket prefix.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/

/** the longest key: stored_files.storage_key is a varchar(200), site paths are shorter than that */
export const MAX_KEY_LENGTH = 200

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '.' || part === '..' || part.startsWith('.'))
}

/** the key itself, or a thrown Error: a bad key is a bug of the caller, never a client's input */
export function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key.slice(0, 80))}`)
  return key
}
