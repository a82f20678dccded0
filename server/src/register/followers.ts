/**
 * An attendee's followers (companions): add, change and drop them while the registration may be
 * edited, and list them. Their values are checked as the attendee's are (form.ts).
 */
import type { FollowerView, SaveFollowerRequest, UpdateFollowerRequest } from '@contracts/calls/register'
import { saveFollower as saveFollowerCall } from '@contracts/calls/register'
import { signupFollowers } from '../kernel/db/schema'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import { loadOwned, ownerOf } from '../kernel/db/owned'
import * as repo from './repositories/register'
import type { SessionInfo } from '../auth/sessions'
import { Db, checkedValues, contextOf, fileCodesOf, followerType } from './form'
import { editWindow, own } from './registration'

const toFollowerView = (f: repo.FollowerRow): FollowerView => ({ followerId: f.id, followerType: f.followerType, values: f.values })

async function editableForm(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, eventCode: string) {
  const { contact, attendee } = await own(deps.db, session, eventCode)
  const form = await repo.findForm(deps.db, session.event.id)
  if (!form || !editWindow(form, session.event, attendee, deps.now()).allowed) throw new AppError('EREG2005')
  return { contact, form }
}

export async function addFollower(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, body: SaveFollowerRequest): Promise<FollowerView> {
  const { contact, form } = await editableForm(deps, session, body.eventCode)
  const ft = followerType(form, body.followerType)
  const now = deps.now()
  const values = checkedValues(ft.fields, body.values, contextOf(form, now), 'follower')
  if (fileCodesOf(values).length > 0) throw new AppError('EREG2009')
  return deps.db.transaction((tx) =>
    once(tx, { scope: saveFollowerCall.path, userId: session.user.id, key: body.idempotencyKey, request: body }, now, async () => {
      // the contact row serialises one attendee's additions, so the count cannot be raced past
      await repo.lockContact(tx, contact.id)
      if ((await repo.countFollowersOfType(tx, contact.id, ft.code)) >= ft.max) throw new AppError('EREG2008', 200, { max: ft.max })
      const row = await repo.insertFollower(tx, {
        eventId: session.event.id,
        userId: session.user.id,
        contactId: contact.id,
        followerType: ft.code,
        values,
        createdAt: now,
        updatedAt: now,
      })
      return toFollowerView(row)
    }),
  )
}

export async function changeFollower(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, body: UpdateFollowerRequest): Promise<FollowerView> {
  const { form } = await editableForm(deps, session, body.eventCode)
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const row = await loadOwned(tx, signupFollowers, body.followerId, ownerOf(session), { forUpdate: true })
    const ft = followerType(form, row.followerType)
    const values = checkedValues(ft.fields, body.values, contextOf(form, now), 'follower')
    if (fileCodesOf(values).length > 0) throw new AppError('EREG2009')
    return toFollowerView(await repo.updateFollowerValues(tx, row.id, values, now))
  })
}

export async function dropFollower(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo, eventCode: string, followerId: number): Promise<null> {
  await editableForm(deps, session, eventCode)
  await deps.db.transaction(async (tx) => {
    const row = await loadOwned(tx, signupFollowers, followerId, ownerOf(session), { forUpdate: true })
    await repo.deleteFollower(tx, row.id)
  })
  return null
}

export async function followersOf({ db }: Db, session: SessionInfo, eventCode: string, parentCode: string): Promise<FollowerView[]> {
  const { contact } = await own(db, session, eventCode).catch(() => {
    throw new AppError('ESYS0004')
  })
  if (contact.contactCode !== parentCode) throw new AppError('ESYS0004')
  return (await repo.listFollowersOf(db, contact.id)).map(toFollowerView)
}
