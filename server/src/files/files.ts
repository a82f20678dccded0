/**
 * Uploads and downloads of registration files (contracts/calls/register.ts uploadFile,
 * downloadFileBase64). A file is checked against its field's limits in the event's form, its bytes
 * go to the storage provider under a key the server makes, and its row says whose it is: the
 * logged-in attendee's, or (before registering) the device's draft key's. Only that owner reads it
 * back; anyone else gets ESYS0004, as for a missing file.
 *
 * Before its bytes are stored, an upload is charged to the byte quotas of its address and of its
 * draft or user (quotas.ts); a file no registration names is deleted a day later (cleanup-job.ts).
 */
import crypto from 'node:crypto'
import type { DownloadResponse, UploadQuery, UploadedFile } from '@contracts/calls/register'
import type { Deps } from '../deps'
import { fileProblem, sniff } from './rules/file-check'
import { REGISTER_RULES } from '../register/rules/register-rules'
import { AppError } from '../kernel/errors'
import * as repo from '../register/repositories/register'
import { requireEventByCode } from '../events/events'
import type { SessionInfo } from '../auth/sessions'
import { chargeUpload } from './quotas'
import { quotaCounters } from './rules/file-rules'

type Owner = { userId: number } | { draftId: string }

/** `address`: the client's address as the limits count it (auth/rules/addresses.ts addressKey) */
export async function upload(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  session: SessionInfo | null,
  q: UploadQuery,
  bytes: Buffer,
  address: string,
): Promise<UploadedFile> {
  const event = await requireEventByCode(deps.db, q.eventCode)
  const form = await repo.findForm(deps.db, event.id)
  if (!form) throw new AppError('EREG1042')
  const loggedIn = session && session.event.id === event.id ? session : null
  // a registered attendee's type is the one they registered as
  const contactType = loggedIn?.attendee?.userType ?? q.contactType
  const type = form.attendeeTypes.find((t) => t.code === contactType)
  const rule = type?.fields.find((f) => f.key === q.field)?.upload
  if (!type || !rule) throw new AppError('EVAL0001')
  const owner: Owner = loggedIn ? { userId: loggedIn.user.id } : { draftId: q.draftId }
  if ((await repo.countFilesOf(deps.db, event.id, owner)) >= REGISTER_RULES.uploads.maxFilesPerOwner) {
    throw new AppError('EREG2205', 200, { max: REGISTER_RULES.uploads.maxFilesPerOwner })
  }
  const s = sniff(bytes)
  const problem = fileProblem(rule, bytes, s)
  if (problem) throw new AppError(problem.msgId, 200, problem.params)
  await chargeUpload(deps, quotaCounters({ address, eventId: event.id, ...owner }), bytes.length)

  const fileCode = `F${crypto.randomBytes(15).toString('base64url')}`
  const storageKey = `e${event.id}/${fileCode}`
  await deps.storage.put(storageKey, bytes)
  const row = await repo.insertFile(deps.db, {
    fileCode,
    eventId: event.id,
    userId: 'userId' in owner ? owner.userId : null,
    draftId: 'draftId' in owner ? owner.draftId : null,
    field: q.field,
    name: q.name.slice(0, 200),
    mime: s.mime,
    size: bytes.length,
    width: s.width,
    height: s.height,
    storageKey,
    createdAt: deps.now(),
  })
  return { fileCode: row.fileCode, name: row.name, mime: row.mime, size: row.size, width: row.width, height: row.height, tag: q.tag }
}

export async function downloadBase64(
  deps: Pick<Deps, 'db' | 'storage'>,
  session: SessionInfo | null,
  fileCode: string,
  draftId: string,
): Promise<DownloadResponse> {
  const f = await repo.findFile(deps.db, fileCode)
  const mine = !!f && (f.userId !== null ? !!session && session.user.id === f.userId && session.event.id === f.eventId : !!draftId && f.draftId === draftId)
  if (!f || !mine) throw new AppError('ESYS0004')
  const bytes = await deps.storage.get(f.storageKey)
  if (!bytes) throw new AppError('ESYS0004')
  return { fileCode: f.fileCode, name: f.name, mime: f.mime, size: f.size, base64: bytes.toString('base64') }
}
