/** What an audit row keeps of a change: the fields that changed, before and after. */

type Fields = Record<string, unknown>

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** the fields whose value differs, each side with its own value; null when nothing changed */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const b: Fields = {}
  const a: Fields = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue
    b[key] = before[key] ?? null
    a[key] = after[key] ?? null
  }
  return Object.keys(a).length ? { before: b, after: a } : null
}
