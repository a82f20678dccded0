/** train_grabs: grab requests for sold-out trains. */
import { and, asc, desc, eq, lte } from 'drizzle-orm'
import type { GrabStatus } from '@contracts/calls/train'
import type { Queryable, Tx } from '../../kernel/db/client'
import { trainGrabs } from '../../kernel/db/schema'
import type { Owner } from '../../kernel/db/owned'

export type GrabRow = typeof trainGrabs.$inferSelect

export async function insertGrab(q: Queryable, row: Omit<GrabRow, 'id'>): Promise<GrabRow> {
  const [saved] = await q.insert(trainGrabs).values(row).returning()
  return saved
}

export async function listGrabRows(q: Queryable, owner: Owner): Promise<GrabRow[]> {
  return q
    .select()
    .from(trainGrabs)
    .where(and(eq(trainGrabs.userId, owner.userId), eq(trainGrabs.eventId, owner.eventId)))
    .orderBy(desc(trainGrabs.createdAt), desc(trainGrabs.id))
}

/** pending requests for a train on a run date, oldest first (first come, first served), locked */
export async function pendingGrabsLocked(tx: Tx, trainCode: string, startDate: string): Promise<GrabRow[]> {
  return tx
    .select()
    .from(trainGrabs)
    .where(and(eq(trainGrabs.trainCode, trainCode), eq(trainGrabs.date, startDate), eq(trainGrabs.status, 'pending')))
    .orderBy(asc(trainGrabs.createdAt), asc(trainGrabs.id))
    .for('update', { skipLocked: true })
}

export async function setGrabStatus(q: Queryable, id: number, status: GrabStatus, changes: { orderId?: number; updatedAt: Date }): Promise<GrabRow> {
  const [row] = await q
    .update(trainGrabs)
    .set({ status, ...changes })
    .where(eq(trainGrabs.id, id))
    .returning()
  return row
}

/** an owner's pending requests whose train leaves before `until`, locked (they stop waiting) */
export async function ownerGrabsDueLocked(tx: Tx, owner: Owner, until: Date): Promise<GrabRow[]> {
  return tx
    .select()
    .from(trainGrabs)
    .where(and(eq(trainGrabs.userId, owner.userId), eq(trainGrabs.eventId, owner.eventId), eq(trainGrabs.status, 'pending'), lte(trainGrabs.departAt, until)))
    .for('update')
}

/** one request, locked: waits for a fulfilment holding it, then reads its status after that */
export async function grabLocked(tx: Tx, id: number): Promise<GrabRow | undefined> {
  const [row] = await tx.select().from(trainGrabs).where(eq(trainGrabs.id, id)).for('update')
  return row
}
