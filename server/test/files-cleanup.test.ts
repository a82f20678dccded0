/**
 * The cleanup of unclaimed files (files/cleanup-job.ts), on the app's clock: a file no
 * registration names is deleted, row and bytes, once FILE_RULES.cleanup.unclaimedAfterMs has
 * passed since its upload; a file a registration names never is, however old.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { saveEnrollment, uploadFile } from '@contracts/calls/register'
import { jobs, storageRemovals, storedFiles } from '../src/kernel/db/schema'
import { FILE_RULES } from '../src/files/rules/file-rules'
import { FILES_CLEANUP_JOB } from '../src/files/cleanup-job'
import { setup, type TestContext } from './helper'
import { attendeeValues } from './register-support'
import { pngOf } from './support/files'

let t: TestContext
beforeAll(async () => {
  t = await setup()
}, 120_000)
beforeEach(async () => t.reset(), 60_000)
afterAll(async () => t?.close())

const DAY = FILE_RULES.cleanup.unclaimedAfterMs

async function upload(draftId: string, w = 200): Promise<string> {
  const qs = new URLSearchParams({ eventCode: 'DEMO', field: 'photo', contactType: 'attendee', tag: 't', draftId, name: 'me.png' })
  const res = await t.app.inject({
    method: 'POST',
    url: `${uploadFile.path}?${qs}`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: pngOf(w, 260),
  })
  expect(res.json().msgId).toBe('')
  return res.json().data.fileCode
}

async function registerWith(i: number, draftId: string, photo: string): Promise<void> {
  const res = await t.post(saveEnrollment.path, {
    eventCode: 'DEMO',
    contactType: 'attendee',
    values: attendeeValues(i, { photo }),
    activityCodes: [],
    followers: [],
    protocolAccepted: true,
    draftId,
    idempotencyKey: `k-cleanup-${i}`,
  })
  expect(res.body.msgId).toBe('')
}

/** the file's row and whether its bytes are still in the storage */
async function fileState(fileCode: string): Promise<'kept' | 'gone' | 'row without bytes'> {
  const [row] = await t.db.db.select().from(storedFiles).where(eq(storedFiles.fileCode, fileCode))
  const bytes = row ? await t.app.deps.storage.get(row.storageKey) : null
  return row && bytes ? 'kept' : row ? 'row without bytes' : 'gone'
}

describe('the cleanup of unclaimed files', () => {
  it('deletes a draft nobody submitted a day after its upload, row and bytes; never a file a registration names', async () => {
    const abandoned = await upload('abandoned-draft')
    const draftId = 'submitted-draft'
    const photo = await upload(draftId)
    const spare = await upload(draftId, 210) // uploaded with it but not named by the form
    await registerWith(1, draftId, photo)

    t.clock.advance(DAY - 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect([await fileState(abandoned), await fileState(photo), await fileState(spare)]).toEqual(['kept', 'kept', 'kept'])

    t.clock.advance(FILE_RULES.cleanup.everyMs + 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect([await fileState(abandoned), await fileState(photo), await fileState(spare)]).toEqual(['gone', 'kept', 'gone'])

    // a year on, the registration's photo is still there
    t.clock.advance(365 * DAY)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await fileState(photo)).toBe('kept')
  }, 120_000)

  it('at the edge: kept at exactly a day old, deleted a millisecond later', async () => {
    const fileCode = await upload('edge-draft-1')
    const uploadedAt = t.clock.now().getTime()
    const run = async (at: number) => {
      // the cleanup's own row made due at that moment, then the runner at that moment
      await t.db.db
        .update(jobs)
        .set({ dueAt: new Date(at) })
        .where(and(eq(jobs.kind, FILES_CLEANUP_JOB.kind), isNull(jobs.doneAt)))
      await t.app.jobs.runOnce(new Date(at))
      const [row] = await t.db.db
        .select({ dueAt: jobs.dueAt })
        .from(jobs)
        .where(and(eq(jobs.kind, FILES_CLEANUP_JOB.kind), isNull(jobs.doneAt)))
      return { nextDueAt: row.dueAt }
    }
    const next = await run(uploadedAt + DAY)
    expect(next).toEqual({ nextDueAt: new Date(uploadedAt + DAY + FILE_RULES.cleanup.everyMs) })
    expect(await fileState(fileCode)).toBe('kept')
    await run(uploadedAt + DAY + 1)
    expect(await fileState(fileCode)).toBe('gone')
  }, 60_000)

  it('bytes a removal failed to remove are removed on the next run; the row is gone at once and never comes back', async () => {
    const fileCode = await upload('failing-storage-draft')
    const [row] = await t.db.db.select().from(storedFiles).where(eq(storedFiles.fileCode, fileCode))
    const storage = t.app.deps.storage
    const remove = jest.spyOn(storage, 'remove').mockRejectedValueOnce(new Error('the bucket did not answer'))
    try {
      t.clock.advance(DAY + FILE_RULES.cleanup.everyMs + 60_000)
      await t.app.jobs.runOnce(t.clock.now())
      expect(await fileState(fileCode)).toBe('gone')
      expect(await storage.get(row.storageKey)).not.toBeNull()
      expect(await t.db.db.select({ key: storageRemovals.key }).from(storageRemovals)).toEqual([{ key: row.storageKey }])

      // the failed job is retried after its delay: the bytes go, and so does the key's row
      t.clock.advance(FILE_RULES.cleanup.everyMs)
      await t.app.jobs.runOnce(t.clock.now())
      expect(await storage.get(row.storageKey)).toBeNull()
      expect(await t.db.db.select().from(storageRemovals)).toEqual([])
    } finally {
      remove.mockRestore()
    }
  }, 60_000)

  it('the recurring job exists once per database', async () => {
    const rows = await t.db.db.execute(sql.raw(`select count(*)::int as n from jobs where kind = '${FILES_CLEANUP_JOB.kind}' and done_at is null`))
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1)
  })
})
