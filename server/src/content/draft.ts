/**
 * A content draft as the console sends it: JSON text, read here so that bad JSON is a problem of
 * the draft (with its line and column) like any other, never a refused request; and the audit
 * summary of a content change.
 */
import crypto from 'node:crypto'
import type { ContentProblem } from '@contracts/admin/content'
import { messageText, type Lang } from '@contracts/messages'

/** line and column (1-based) of a character offset */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: lines[lines.length - 1].length + 1 }
}

/** the draft's value, or its one problem: it is not JSON */
export function readDraft(text: string, lang: Lang): { ok: true; value: unknown } | { ok: false; problems: ContentProblem[] } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    const detail = (e as Error).message
    // V8 names the place as "at position N" (and newer ones add "(line L column C)")
    const at = /position (\d+)/.exec(detail)
    const { line, column } = lineColumn(text, at ? Number(at[1]) : text.length)
    const words = detail.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '')
    return { ok: false, problems: [{ path: [], message: messageText('EADM5002', lang, { line, column, detail: words }) }] }
  }
}

/** a short fingerprint of published content: the audit row shows that it changed without the whole file */
export const digestOf = (value: unknown): string => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12)
