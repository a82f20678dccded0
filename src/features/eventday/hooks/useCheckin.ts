import Taro from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { checkIn, type CheckinResult, type CheckinStatus } from '@contracts/calls/eventday'
import { appState, useAppStore, type QueuedCheckin } from '@/store'
import { t } from '../i18n'
import { toast } from '@/lib/feedback'
import { RequestError, request } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { fetchCheckinStatus, sendCheckin } from '../api'
import { newIdempotencyKey, scanProblem } from '../model/checkin'
import { shortTime } from '../model/entries'

/** how often a waiting queue tries again while the page is open (besides "back online" events) */
export const QUEUE_RETRY_MS = 15_000

/**
 * Sends the scans queued offline, oldest first, each with the key and time it was made. A network
 * failure keeps it for later; any answer of the server (done, already done, illegal …) ends it.
 * Silent (the primitive `request` with silent: true): nobody is waiting on this screen for it.
 */
export async function flushCheckinQueue(): Promise<CheckinResult | null> {
  let last: CheckinResult | null = null
  for (const q of [...appState().checkinQueue]) {
    if (q.token !== appState().token) continue
    try {
      const r = await request<CheckinResult>(checkIn.path, { text: q.text, scannedAt: q.scannedAt, idempotencyKey: q.idempotencyKey }, { silent: true })
      appState().dropQueuedCheckin(q.idempotencyKey)
      if (r.kind === 'data') last = r.data
    } catch (e) {
      if (e instanceof RequestError && (e.kind === 'network' || e.kind === 'http')) break
      appState().dropQueuedCheckin(q.idempotencyKey)
    }
  }
  return last
}

function onBackOnline(run: () => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    window.addEventListener('online', run)
    return () => window.removeEventListener('online', run)
  }
  const cb = (r: { isConnected: boolean }) => r.isConnected && run()
  Taro.onNetworkStatusChange(cb)
  return () => Taro.offNetworkStatusChange?.(cb)
}

/** the check-in status, the queue and `submit(text)` for every way of getting a code */
export function useCheckin(): {
  status: CheckinStatus | undefined
  queued: QueuedCheckin[]
  submit: (text: string) => Promise<void>
} {
  const token = useAppStore((s) => s.token)
  // the whole queue (a stable reference): a filtered copy made in the selector would be new on
  // every render, and zustand would re-render for ever
  const queue = useAppStore((s) => s.checkinQueue)
  const queued = useMemo(() => queue.filter((q) => q.token === token), [queue, token])
  const status = useQuery(token ? `checkin:${token}` : null, fetchCheckinStatus)
  // a check-in's answer is the new status: shown as it is, not fetched again (a fetch's loading
  // indicator would close the toast that says how the check-in went)
  const [latest, setLatest] = useState<CheckinStatus | undefined>(undefined)

  const flush = useCallback(async () => {
    if (!appState().checkinQueue.length) return
    const r = await flushCheckinQueue()
    if (r) setLatest(r)
  }, [])

  useEffect(() => {
    void flush()
    const off = onBackOnline(() => void flush())
    const timer = setInterval(() => void flush(), QUEUE_RETRY_MS)
    return () => {
      off()
      clearInterval(timer)
    }
  }, [flush])

  const submit = useCallback(async (text: string) => {
    const problem = scanProblem(text, appState().eventHashCode)
    if (problem) {
      toast(t(`eventday.checkin.${problem}`))
      return
    }
    const scan: QueuedCheckin = { text, scannedAt: new Date().toISOString(), idempotencyKey: newIdempotencyKey(), token: appState().token ?? '' }
    try {
      const r = await sendCheckin({ text: scan.text, scannedAt: scan.scannedAt, idempotencyKey: scan.idempotencyKey })
      setLatest(r)
      toast(r.first ? t('eventday.checkin.success') : t('eventday.checkin.already', { time: shortTime(r.checkedInAt) }))
    } catch (e) {
      // no network at the door: keep the scan with its time, send it when the network is back
      if (e instanceof RequestError && e.kind === 'network') {
        appState().queueCheckin(scan)
        toast(t('eventday.checkin.queued'))
      }
      // any other failure has been shown by the request client (spec §5 messages among them)
    }
  }, [])

  return { status: latest ?? status.data, queued, submit }
}
