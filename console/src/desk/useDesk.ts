/**
 * The desk's state: the snapshot and the queue in IndexedDB (desk-db.ts), each scan answered on
 * the phone at once (desk-answer.ts), queued, and synced while online: at once after a scan, when
 * the browser says the network is back, and on a retry timer that doubles after each failure.
 * Each scan has its id from the phone, so a sync repeated after a lost answer counts once. The
 * snapshot is refreshed every few minutes while online; a check-in made here that the server or a
 * refresh shows otherwise (another desk's earlier scan) is told.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { DeskCheckin, DeskScanResult, DeskSnapshot } from '@contracts/admin/desk'
import { DESK_RULES, retryDelayMs } from '@contracts/admin/desk-rules'
import { ApiError } from '../lib/request'
import { fetchSnapshot, sendScans } from './api'
import { dropQueued, enqueue, loadCheckins, loadSnapshot, queuedScans, saveCheckins, saveSnapshot, type QueuedScan } from './desk-db'
import { answerLocally, mergeCheckins, type DeskAnswer, type KnownCheckin } from './desk-answer'

/** a check-in made here that the server holds otherwise */
export interface DeskNotice {
  id: string
  name: string
  checkin: DeskCheckin
}

export function useDesk(eventCode: string) {
  const [snapshot, setSnapshot] = useState<DeskSnapshot | null>(null)
  const [known, setKnown] = useState<Record<string, KnownCheckin>>({})
  const [queued, setQueued] = useState(0)
  const [answer, setAnswer] = useState<DeskAnswer | null>(null)
  const [notices, setNotices] = useState<DeskNotice[]>([])
  const [error, setError] = useState<string | null>(null)
  const [online, setOnline] = useState(navigator.onLine)
  const state = useRef({ snapshot: null as DeskSnapshot | null, known: {} as Record<string, KnownCheckin>, syncing: false, failures: 0, retry: 0 })

  const keep = useCallback(
    async (next: Record<string, KnownCheckin>) => {
      state.current.known = next
      setKnown(next)
      await saveCheckins(eventCode, next)
    },
    [eventCode],
  )

  const tell = (name: string, checkin: DeskCheckin) =>
    setNotices((n) => [{ id: `${checkin.userCode}-${checkin.at}`, name, checkin }, ...n.filter((x) => x.checkin.userCode !== checkin.userCode)])
  const nameOf = (userCode: string) => state.current.snapshot?.attendees.find((a) => a.userCode === userCode)?.name ?? userCode

  const refresh = useCallback(async () => {
    const s = await fetchSnapshot(eventCode)
    await saveSnapshot(eventCode, s)
    const pending = await queuedScans(eventCode)
    const before = state.current.known
    const next = mergeCheckins(
      s,
      pending.map((q) => q.mine),
    )
    // a check-in made here that the refresh shows elsewhere: another desk's earlier scan won
    for (const [userCode, c] of Object.entries(before)) {
      const now = next[userCode]
      if (c.here && now && !now.here && (now.at !== c.at || now.pointCode !== c.pointCode)) tell(nameOf(userCode), now)
    }
    state.current.snapshot = s
    setSnapshot(s)
    await keep(next)
  }, [eventCode, keep])

  const apply = useCallback(
    async (scans: QueuedScan[], results: DeskScanResult[]) => {
      const next = { ...state.current.known }
      for (const r of results) {
        const scan = scans.find((s) => s.scanId === r.scanId)
        if (r.checkin) next[r.checkin.userCode] = { ...r.checkin, here: r.outcome === 'checkedIn' }
        const madeHere = !!scan?.mine
        if (madeHere && r.outcome !== 'checkedIn' && r.checkin) tell(r.name, r.checkin)
        setAnswer((a) => (a && a.scanId === r.scanId ? { ...a, kind: r.outcome, checkin: r.checkin ?? a.checkin, confirmed: true } : a))
      }
      await keep(next)
    },
    [keep],
  )

  const sync = useCallback(async (): Promise<void> => {
    const s = state.current
    if (s.syncing || !navigator.onLine) return
    s.syncing = true
    window.clearTimeout(s.retry)
    try {
      for (;;) {
        const batch = (await queuedScans(eventCode)).slice(0, DESK_RULES.maxScansPerSync)
        if (batch.length === 0) break
        const { results } = await sendScans(
          eventCode,
          batch.map(({ scanId, code, pointCode, scannedAt, snapshotAt }) => ({ scanId, code, pointCode, scannedAt, snapshotAt })),
        )
        await apply(batch, results)
        await dropQueued(batch.map((b) => b.scanId))
        setQueued((await queuedScans(eventCode)).length)
      }
      s.failures = 0
      setError(null)
    } catch (e) {
      s.failures += 1
      if (!(e instanceof ApiError && (e.msgId === 'NETWORK' || e.msgId === 'HTTP'))) setError((e as Error).message)
      s.retry = window.setTimeout(() => void sync(), retryDelayMs(s.failures))
    } finally {
      s.syncing = false
    }
  }, [eventCode, apply])

  const scan = useCallback(
    async (code: string, pointCode: string) => {
      const s = state.current.snapshot
      if (!s || !code.trim()) return
      const base = { scanId: crypto.randomUUID(), code: code.trim(), pointCode, scannedAt: new Date().toISOString(), snapshotAt: s.takenAt }
      const { answer: local, mine } = answerLocally(s, state.current.known, base)
      setAnswer(local)
      await enqueue({ ...base, eventCode, userCode: local.attendee?.userCode ?? '', mine })
      if (mine) await keep({ ...state.current.known, [mine.userCode]: { ...mine, here: true } })
      setQueued((await queuedScans(eventCode)).length)
      void sync()
    },
    [eventCode, keep, sync],
  )

  useEffect(() => {
    let live = true
    const s0 = state.current
    void (async () => {
      const [s, k, q] = await Promise.all([loadSnapshot(eventCode), loadCheckins(eventCode), queuedScans(eventCode)])
      if (!live) return
      if (s) {
        state.current.snapshot = s
        setSnapshot(s)
      }
      state.current.known = k
      setKnown(k)
      setQueued(q.length)
      if (navigator.onLine) await refresh().catch((e: Error) => live && !s && setError(e.message))
      void sync()
    })()
    const back = () => {
      setOnline(true)
      void sync().then(() => refresh().catch(() => undefined))
    }
    const gone = () => setOnline(false)
    window.addEventListener('online', back)
    window.addEventListener('offline', gone)
    const every = window.setInterval(() => navigator.onLine && void sync().then(() => refresh().catch(() => undefined)), DESK_RULES.refreshEveryMs)
    return () => {
      live = false
      window.removeEventListener('online', back)
      window.removeEventListener('offline', gone)
      window.clearInterval(every)
      window.clearTimeout(s0.retry)
    }
  }, [eventCode, refresh, sync])

  return { snapshot, known, queued, answer, notices, error, online, scan, refresh, dismiss: (id: string) => setNotices((n) => n.filter((x) => x.id !== id)) }
}
