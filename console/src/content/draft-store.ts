/**
 * A draft kept in this browser while it is edited: a reload, a failed check or a refused publish
 * never loses it. It goes once it is published (or the organiser goes back to what is published).
 */
import type { ContentKind } from '@contracts/admin/content'

const keyOf = (eventCode: string, kind: ContentKind) => `console.content.${eventCode}.${kind}`

export function savedDraft(eventCode: string, kind: ContentKind): string | null {
  try {
    return window.localStorage.getItem(keyOf(eventCode, kind))
  } catch {
    return null
  }
}

export function keepDraft(eventCode: string, kind: ContentKind, text: string): void {
  try {
    window.localStorage.setItem(keyOf(eventCode, kind), text)
  } catch {
    // a full or blocked storage: the draft stays on the page as long as it is open
  }
}

export function dropDraft(eventCode: string, kind: ContentKind): void {
  try {
    window.localStorage.removeItem(keyOf(eventCode, kind))
  } catch {
    // nothing kept
  }
}
