/**
 * Pictures for an event's microsite, uploaded in the console (owner, organiser: 'content.edit'):
 * checked by their bytes (format, size: CONTENT_RULES.pictures), put into the file storage under the
 * microsite's `site/` keys (microsite/site-files.ts, kernel/http/plugins/site-files.ts), so every
 * instance serves them at their /files/ address. The name is the content's digest: the same
 * picture twice is one file. Each upload is an audit row (content.picture.upload), and the event's
 * list of pictures is read from those rows, so no table of their own is needed.
 */
import crypto from 'node:crypto'
import type { SitePicture } from '@contracts/admin/content'
import { CONTENT_RULES } from '@contracts/admin/content-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { auditEntriesOf } from '../audit/audit'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { sniff } from '../files/rules/file-check'
import { siteFileKey } from '../kernel/http/plugins/site-files'

const UPLOAD_ACTION = 'content.picture.upload'

/** the picture's bytes from base64, or the message saying what is wrong with them */
function pictureBytes(dataBase64: string): { bytes: Buffer; format: string; width: number; height: number } {
  const bytes = Buffer.from(dataBase64, 'base64')
  if (bytes.length === 0) throw new AppError('EADM5005')
  if (bytes.length > CONTENT_RULES.pictures.maxBytes) throw new AppError('EADM5004', 200, { kb: Math.floor(CONTENT_RULES.pictures.maxBytes / 1024) })
  const s = sniff(bytes)
  if (!s.format || !(CONTENT_RULES.pictures.formats as readonly string[]).includes(s.format)) throw new AppError('EADM5003')
  return { bytes, format: s.format, width: s.width, height: s.height }
}

export async function uploadSitePicture(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  session: StaffSession,
  req: { eventCode: string; dataBase64: string },
): Promise<SitePicture> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['content.edit'])
  const p = pictureBytes(req.dataBase64)
  const name = `${crypto.createHash('sha256').update(p.bytes).digest('hex').slice(0, 20)}.${p.format}`
  const sitePath = `events/${event.eventCode.toLowerCase()}/${name}`
  const picture: SitePicture = { url: `/files/${sitePath}`, bytes: p.bytes.length, width: p.width, height: p.height, uploadedAt: deps.now().toISOString() }
  // stored first, then recorded: a picture whose row failed is an unnamed file, never a row naming no file
  // (the database storage writes on its own connection, which must not wait on a transaction of ours)
  await deps.storage.put(siteFileKey(sitePath), p.bytes)
  await deps.db.transaction(async (tx) => {
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: UPLOAD_ACTION,
      target: event.eventCode,
      before: null,
      after: { url: picture.url, bytes: picture.bytes, width: picture.width, height: picture.height },
      at: deps.now(),
    })
  })
  return picture
}

export async function listSitePictures(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string): Promise<SitePicture[]> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['content.edit'])
  const rows = await auditEntriesOf(deps.db, event.id, UPLOAD_ACTION, CONTENT_RULES.pictures.listMax)
  const seen = new Set<string>()
  const out: SitePicture[] = []
  for (const r of rows) {
    const a = r.after as { url: string; bytes: number; width: number; height: number } | null
    if (!a || seen.has(a.url)) continue
    seen.add(a.url)
    out.push({ url: a.url, bytes: a.bytes, width: a.width, height: a.height, uploadedAt: r.at.toISOString() })
  }
  return out
}
