/**
 * What a desk keeps on the phone, in IndexedDB (idb): the event's snapshot, the scans not yet
 * synced, and the desk's own view of the check-ins (the snapshot's, then each scan made here). A
 * reload, a lost network or a phone put away for an hour lose none of it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { DeskCheckin, DeskScan, DeskSnapshot } from '@contracts/admin/desk'

/** a scan made here and what this desk answered it (the server may decide otherwise) */
export interface QueuedScan extends DeskScan {
  eventCode: string
  userCode: string
  /** the check-in this desk believed its scan made; null when it answered "already" or "not found" */
  mine: DeskCheckin | null
}

interface DeskDb extends DBSchema {
  snapshots: { key: string; value: DeskSnapshot & { eventCode: string } }
  queue: { key: string; value: QueuedScan; indexes: { byEvent: string } }
  /** the check-ins as this desk knows them, per event: the snapshot's and its own scans' */
  checkins: { key: string; value: { eventCode: string; byUser: Record<string, DeskCheckin> } }
}

let opened: Promise<IDBPDatabase<DeskDb>> | null = null
const db = () =>
  (opened ??= openDB<DeskDb>('console-desk', 1, {
    upgrade(d) {
      d.createObjectStore('snapshots', { keyPath: 'eventCode' })
      d.createObjectStore('queue', { keyPath: 'scanId' }).createIndex('byEvent', 'eventCode')
      d.createObjectStore('checkins', { keyPath: 'eventCode' })
    },
  }))

export const loadSnapshot = async (eventCode: string) => (await db()).get('snapshots', eventCode)
export const saveSnapshot = async (eventCode: string, s: DeskSnapshot) => (await db()).put('snapshots', { ...s, eventCode })
export const queuedScans = async (eventCode: string) => (await db()).getAllFromIndex('queue', 'byEvent', eventCode)
export const enqueue = async (scan: QueuedScan) => (await db()).put('queue', scan)

export async function dropQueued(scanIds: string[]): Promise<void> {
  const tx = (await db()).transaction('queue', 'readwrite')
  await Promise.all([...scanIds.map((id) => tx.store.delete(id)), tx.done])
}

export const loadCheckins = async (eventCode: string) => (await (await db()).get('checkins', eventCode))?.byUser ?? {}
export const saveCheckins = async (eventCode: string, byUser: Record<string, DeskCheckin>) => (await db()).put('checkins', { eventCode, byUser })
