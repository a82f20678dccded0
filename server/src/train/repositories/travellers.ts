/** train_travellers: an attendee's saved travellers (loadOwned checks the owner). */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { trainTravellers } from '../../kernel/db/schema'
import type { Owner } from '../../kernel/db/owned'

export type TravellerRow = typeof trainTravellers.$inferSelect

export async function listTravellerRows(q: Queryable, owner: Owner): Promise<TravellerRow[]> {
  return q
    .select()
    .from(trainTravellers)
    .where(and(eq(trainTravellers.userId, owner.userId), eq(trainTravellers.eventId, owner.eventId)))
    .orderBy(desc(trainTravellers.createdAt), desc(trainTravellers.id))
}

/** the owner's traveller with this document, if any (one document once per list) */
export async function findTravellerByDocument(q: Queryable, owner: Owner, documentType: string, documentNumber: string): Promise<TravellerRow | undefined> {
  const [row] = await q
    .select()
    .from(trainTravellers)
    .where(
      and(
        eq(trainTravellers.userId, owner.userId),
        eq(trainTravellers.eventId, owner.eventId),
        eq(trainTravellers.documentType, documentType as TravellerRow['documentType']),
        eq(trainTravellers.documentNumber, documentNumber),
      ),
    )
  return row
}

export async function insertTraveller(q: Queryable, row: Omit<TravellerRow, 'id'>): Promise<TravellerRow> {
  const [saved] = await q.insert(trainTravellers).values(row).returning()
  return saved
}

export async function updateTraveller(q: Queryable, id: number, changes: Partial<Omit<TravellerRow, 'id' | 'userId' | 'eventId'>>): Promise<TravellerRow> {
  const [saved] = await q.update(trainTravellers).set(changes).where(eq(trainTravellers.id, id)).returning()
  return saved
}

/** the owner's travellers among `ids` (fewer than asked: some are missing or someone else's) */
export async function travellersByIds(q: Queryable, owner: Owner, ids: number[]): Promise<TravellerRow[]> {
  if (!ids.length) return []
  return q
    .select()
    .from(trainTravellers)
    .where(and(inArray(trainTravellers.id, ids), eq(trainTravellers.userId, owner.userId), eq(trainTravellers.eventId, owner.eventId)))
}

export async function deleteTravellerRows(q: Queryable, owner: Owner, ids: number[]): Promise<number> {
  const gone = await q
    .delete(trainTravellers)
    .where(and(inArray(trainTravellers.id, ids), eq(trainTravellers.userId, owner.userId), eq(trainTravellers.eventId, owner.eventId)))
    .returning({ id: trainTravellers.id })
  return gone.length
}
