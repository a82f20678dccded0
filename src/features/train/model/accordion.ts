/**
 * Accordion items (spec §4): an item toggles open and closed; in accordion mode only one is open,
 * so opening one closes the others.
 */
export function toggleOpen(open: readonly string[], id: string, accordion: boolean): string[] {
  if (open.includes(id)) return open.filter((x) => x !== id)
  return accordion ? [id] : [...open, id]
}
