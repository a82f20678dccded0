import { useCallback, useEffect, useRef, useState } from 'react'
import type { PayerCode } from '@contracts/wx-code'
import { newIdempotencyKey } from '@/lib/idempotency'
import { openCashier } from '../api/cashier'
import { wxCodeFor } from '../api/wx-code'
import { currentPayChannel, type PayChannel } from '../model/channel'
import { PAYMENT_POLL, pollDelay } from '../model/polling'
import type { PreparedPayment, ServerPayState } from '../model/types'

/**
 * Paying one order with WeChat Pay, whatever the order is (flight, train ticket, change fee):
 *
 *   const pay = useWeChatPay({
 *     prepare: (channel, idempotencyKey, wxCode) => …create the payment on the server… → PreparedPayment,
 *     readState: () => …the order's payment as the server sees it… → 'paid' | 'unpaid' | 'closed',
 *     deadline,          // the server's pay-by time (epoch ms), if any
 *     onPaid: () => …,   // once, when the SERVER says paid
 *   })
 *   <WeChatPayPanel pay={pay} amountText='¥1,260' />
 *
 * The cashier's own answer is never taken as paid: after it closes (and all along while a QR code
 * is shown) the order is read again with a growing pause until the server says paid or closed.
 * `readState` should be quiet (lib/request `quietCall`): it runs in the background.
 */

export type WeChatPayPhase =
  /** nothing started */
  | 'idle'
  /** creating the payment on the server */
  | 'preparing'
  /** WeChat's cashier is open */
  | 'cashier'
  /** the QR code is shown; waiting for the scan */
  | 'scanning'
  /** the cashier said paid; waiting for the server */
  | 'confirming'
  | 'paid'
  /** the attendee closed the cashier; may pay again */
  | 'cancelled'
  /** the cashier or the payment creation failed; may pay again */
  | 'failed'
  /** the order can no longer be paid (server closed it, or its deadline passed) */
  | 'expired'
  /** the server has not confirmed in time; "check again" reads once more */
  | 'unconfirmed'

export interface WeChatPay {
  phase: WeChatPayPhase
  channel: PayChannel
  /** the Native-pay address to show as a QR code (phase 'scanning') */
  codeUrl: string | null
  /** starts (or starts again) paying */
  start: () => void
  /** reads the server's state once more (phase 'unconfirmed', or after paying elsewhere) */
  checkAgain: () => void
  /** true while the attendee may press "pay" */
  canStart: boolean
}

export interface WeChatPayOptions {
  /**
   * creates the payment on the server (or gets the one already open, by the same key). `payer`:
   * the payer's one-time WeChat code for a JSAPI payment and where it came from (wxCode '' for a
   * QR code); spread into the pay request
   */
  prepare: (channel: PayChannel, idempotencyKey: string, payer: PayerCode) => Promise<PreparedPayment>
  readState: () => Promise<ServerPayState>
  onPaid?: () => void
  deadline?: number | null
  /** the running app's channel unless given (tests) */
  channel?: PayChannel
}

const STARTABLE: WeChatPayPhase[] = ['idle', 'cancelled', 'failed']

export function useWeChatPay(opts: WeChatPayOptions): WeChatPay {
  const channel = opts.channel ?? currentPayChannel()
  const [phase, setPhase] = useState<WeChatPayPhase>('idle')
  const [codeUrl, setCodeUrl] = useState<string | null>(null)
  const latest = useRef(opts)
  latest.current = opts
  // one key per intent: every retry of paying this order on this page sends the same one, so the
  // server answers a retry with the payment it already created
  const key = useRef(newIdempotencyKey())
  // every watch has a number; a newer one (or unmount) silences the older
  const run = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const phaseRef = useRef<WeChatPayPhase>('idle')

  const enter = useCallback((p: WeChatPayPhase) => {
    phaseRef.current = p
    setPhase(p)
    if (p === 'paid') latest.current.onPaid?.()
  }, [])
  const stopWatching = useCallback(() => {
    run.current++
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }, [])
  useEffect(() => stopWatching, [stopWatching])

  /** reads the server's state until paid or closed, for at most `forMs`, then enters `onTimeout` */
  const watch = useCallback(
    (forMs: number, onTimeout: WeChatPayPhase, firstNow = false) => {
      stopWatching()
      const mine = run.current
      const started = Date.now()
      let attempt = 0
      const tick = async () => {
        let state: ServerPayState | null
        try {
          state = await latest.current.readState()
        } catch {
          // a bad venue network: keep trying until the time is up
          state = null
        }
        if (mine !== run.current) return
        if (state === 'paid') return enter('paid')
        if (state === 'closed') return enter('expired')
        if (Date.now() - started >= forMs) return enter(onTimeout)
        timer.current = setTimeout(tick, pollDelay(attempt++))
      }
      timer.current = setTimeout(tick, firstNow ? 0 : pollDelay(attempt++))
    },
    [enter, stopWatching],
  )

  const start = useCallback(async () => {
    if (!STARTABLE.includes(phaseRef.current)) return
    const { deadline } = latest.current
    if (deadline != null && Date.now() >= deadline) return enter('expired')
    enter('preparing')
    let prepared: PreparedPayment
    try {
      const payer = await wxCodeFor(channel)
      // null: the page is leaving for WeChat's OAuth and comes back with a code
      if (payer === null) return
      prepared = await latest.current.prepare(channel, key.current, payer)
    } catch {
      // the request client has told the attendee why
      return enter('failed')
    }
    if (prepared.kind === 'alreadyPaid') return watch(PAYMENT_POLL.confirmTimeoutMs, 'unconfirmed', true)
    if (prepared.kind === 'qrCode') {
      setCodeUrl(prepared.codeUrl)
      enter('scanning')
      return watch(PAYMENT_POLL.qrWatchMs, 'unconfirmed')
    }
    if (channel === 'qrCode') return enter('failed')
    enter('cashier')
    const result = await openCashier(channel, prepared.params)
    if (phaseRef.current !== 'cashier') return
    if (result === 'ok') {
      enter('confirming')
      return watch(PAYMENT_POLL.confirmTimeoutMs, 'unconfirmed')
    }
    enter(result === 'cancel' ? 'cancelled' : 'failed')
    // the server may know better than the cashier (paid, then the cashier closed oddly): one read
    try {
      const state = await latest.current.readState()
      if (state === 'paid') enter('paid')
      else if (state === 'closed') enter('expired')
    } catch {
      // nothing more to learn now
    }
  }, [channel, enter, watch])

  const checkAgain = useCallback(() => {
    if (phaseRef.current === 'paid') return
    enter('confirming')
    watch(PAYMENT_POLL.confirmTimeoutMs, 'unconfirmed', true)
  }, [enter, watch])

  // the server's deadline: no new payment after it (a late one would only be refunded)
  const deadline = opts.deadline ?? null
  useEffect(() => {
    if (deadline == null) return
    const expireIfIdle = () => {
      if (STARTABLE.includes(phaseRef.current)) {
        stopWatching()
        enter('expired')
      } else if (phaseRef.current === 'scanning') {
        // a scan just before the deadline may have paid: one last read decides
        watch(0, 'expired', true)
      }
    }
    const left = deadline - Date.now()
    if (left <= 0) {
      expireIfIdle()
      return
    }
    const t = setTimeout(expireIfIdle, left)
    return () => clearTimeout(t)
  }, [deadline, enter, stopWatching, watch])

  return {
    phase,
    channel,
    codeUrl,
    start: () => void start(),
    checkAgain,
    canStart: STARTABLE.includes(phase),
  }
}
