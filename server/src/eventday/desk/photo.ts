/**
 * An attendee's registration photo for the desk's answer (contracts/admin/desk.ts getDeskPhoto):
 * the newest photo they uploaded at the event, or null. Only online: photos are not in the
 * snapshot, which would grow from a few hundred kilobytes to gigabytes.
 */
import { and, desc, eq } from 'drizzle-orm'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../../deps'
import { storedFiles, users } from '../../kernel/db/schema'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'

export async function deskPhoto(
  deps: Pick<Deps, 'db' | 'storage'>,
  session: StaffSession,
  req: { eventCode: string; userCode: string },
): Promise<{ mime: string; base64: string } | null> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['checkin.desk'])
  const [file] = await deps.db
    .select({ mime: storedFiles.mime, storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .innerJoin(users, eq(users.id, storedFiles.userId))
    .where(and(eq(storedFiles.eventId, event.id), eq(users.userCode, req.userCode), eq(storedFiles.field, 'photo')))
    .orderBy(desc(storedFiles.createdAt))
    .limit(1)
  const bytes = file ? await deps.storage.get(file.storageKey) : null
  return file && bytes ? { mime: file.mime, base64: bytes.toString('base64') } : null
}
