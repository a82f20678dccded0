/**
 * What an uploaded file is, from its bytes (never from its name or the client's content type),
 * and whether it meets an upload field's limits (spec §5: format, size, image width/height).
 * Pure: files/files.ts stores what passes.
 */
import { imageSize } from 'image-size'
import type { UploadRule } from '@contracts/register-form'
import type { MsgId, MsgParams } from '@contracts/messages'

export interface Sniffed {
  /** jpg, png, gif, webp, pdf; null: none we accept */
  format: string | null
  mime: string
  width: number
  height: number
}

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' }

export function sniff(bytes: Buffer): Sniffed {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { format: 'pdf', mime: MIME.pdf, width: 0, height: 0 }
  try {
    const r = imageSize(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    const format = r.type === 'jpg' || r.type === 'png' || r.type === 'gif' || r.type === 'webp' ? r.type : null
    if (format && r.width && r.height) return { format, mime: MIME[format], width: r.width, height: r.height }
  } catch {
    // not an image image-size knows
  }
  return { format: null, mime: 'application/octet-stream', width: 0, height: 0 }
}

const MB = 1024 * 1024
const range = (min: number, max: number) => (max ? `${min || 1}-${max}` : `≥${min}`)

/** the refusal of a file against a rule, or null */
export function fileProblem(rule: UploadRule, bytes: Buffer, s: Sniffed): { msgId: MsgId; params?: MsgParams } | null {
  if (bytes.length === 0) return { msgId: 'EREG2206' }
  if (bytes.length > rule.maxBytes) return { msgId: 'EREG2202', params: { mb: Math.round((rule.maxBytes / MB) * 10) / 10 } }
  const allowed = new Set(rule.formats.map((f) => (f === 'jpeg' ? 'jpg' : f)))
  if (!s.format || !allowed.has(s.format)) return { msgId: 'EREG2201', params: { formats: [...allowed].join(', ') } }
  if (s.format !== 'pdf') {
    const w = s.width
    const h = s.height
    const bad = (v: number, min: number, max: number) => (min > 0 && v < min) || (max > 0 && v > max)
    if (bad(w, rule.minWidth, rule.maxWidth) || bad(h, rule.minHeight, rule.maxHeight)) {
      return { msgId: 'EREG2203', params: { limits: `${range(rule.minWidth, rule.maxWidth)} × ${range(rule.minHeight, rule.maxHeight)} px` } }
    }
  }
  return null
}
