import { useRouter } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import type { ChangeOptions, ChangeQuote, ChangeTrainOffer, TrainChangeRecord } from '@contracts/calls/train/change'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import type { PreSaleDays, StationRef } from '@contracts/calls/train/search'
import type { TrainChangeCause, TrainChangeType } from '@contracts/train'
import { toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { RequestError, isMissingRecord } from '@/lib/request'
import { redirectTo } from '@/lib/router/navigate'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import { askChange, fetchChange, requestChange } from '../api/after-sales'
import { useI18n } from '../i18n'
import { toggleSelected, type ChangeStep } from '../model/after-sales'
import { askChangeProblem, changeCauseProblem, quoteRefusal, saveChangeRequestOf, type ChangeChoice } from '../model/change'
import { orderIdOf, useOrder } from './useOrder'
import { usePreSale } from './usePreSale'

/** the change form once its order is there */
export interface ChangeForm {
  order: TrainOrderView
  preSale: PreSaleDays | undefined
  step: ChangeStep
  setStep: (s: ChangeStep) => void
  selected: number[]
  toggle: (passengerId: number) => void
  changeType: TrainChangeType
  setChangeType: (c: TrainChangeType) => void
  /** the new date (the order's until another is picked) */
  date: string
  setDate: (d: string) => void
  newTo: StationRef | null
  setNewTo: (s: StationRef | null) => void
  options: ChangeOptions | null
  choice: ChangeChoice | null
  choose: (train: ChangeTrainOffer, quote: ChangeQuote) => void
  cause: TrainChangeCause | null
  setCause: (c: TrainChangeCause) => void
  causeText: string
  setCauseText: (s: string) => void
  /** the server's refusal, shown above the buttons */
  problem: string
  busy: boolean
  /** the change waiting for its fare difference (step 'pay') */
  change: TrainChangeRecord | null
  ask: () => Promise<void>
  save: () => Promise<void>
}

export type ChangeState = { kind: 'missing' } | { kind: 'loadFailed'; retry: () => void } | { kind: 'loading' } | ({ kind: 'ready' } & ChangeForm)

/**
 * ticketChangesPage's state: the order, the steps (pick the tickets, the date or new station →
 * the railway's trains → a seat class and a cause → pay or done), the change sent once with one
 * idempotency key per intent (a new one for each class chosen, and after a refusal), and, opened
 * from the order details with a changeId, the change waiting for its difference.
 */
export function useChangeTickets(): ChangeState {
  const { t } = useI18n()
  const { params } = useRouter()
  const orderId = orderIdOf(params)
  const payChangeId = Number(params.changeId) > 0 ? Number(params.changeId) : null
  const order = useOrder(orderId)
  const preSale = usePreSale()
  const o = order.data
  const [step, setStep] = useState<ChangeStep>(payChangeId ? 'pay' : 'pick')
  const [selected, setSelected] = useState<number[]>([])
  const [changeType, setChangeType] = useState<TrainChangeType>('sameRoute')
  const [date, setDate] = useState<string | null>(null)
  const [newTo, setNewTo] = useState<StationRef | null>(null)
  const [options, setOptions] = useState<ChangeOptions | null>(null)
  const [problem, setProblem] = useState('')
  const [choice, setChoice] = useState<ChangeChoice | null>(null)
  const [cause, setCause] = useState<TrainChangeCause | null>(null)
  const [causeText, setCauseText] = useState('')
  const [busy, setBusy] = useState(false)
  const [change, setChange] = useState<TrainChangeRecord | null>(null)
  const key = useRef(newIdempotencyKey())

  // the change waiting for its difference (from the order details' "pay"), fetched by id
  useEffect(() => {
    if (!payChangeId) return
    fetchChange(payChangeId).then(
      (r) => {
        if (r.change.state === 'toPay') setChange(r.change)
        else void redirectTo('trainSucceededInReSigning', { changeId: r.change.id })
      },
      (e: unknown) => {
        if (!(e instanceof RequestError)) throw e
        setProblem(e.message || t('train.common.loadFailed'))
      },
    )
  }, [payChangeId]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!orderId || (!o && isMissingRecord(order.error))) return { kind: 'missing' }
  if (order.status === 'error' && !o) return { kind: 'loadFailed', retry: order.retry }
  if (!o) return { kind: 'loading' }

  const ask = async (keepProblem = false) => {
    const missing = askChangeProblem(o, selected, changeType, newTo)
    if (missing) return toast(t(missing))
    const day = date ?? o.date
    setBusy(true)
    if (!keepProblem) setProblem('')
    try {
      const r = await askChange({
        orderId: o.id,
        passengerIds: selected,
        changeType,
        date: day,
        toStationCode: changeType === 'destination' ? newTo?.code : undefined,
      })
      setOptions(r)
      setChoice(null)
      setStep('trains')
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      setProblem(e.message)
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    if (!choice || !options || busy) return
    const missing = changeCauseProblem(cause, causeText)
    if (missing) return toast(t(missing))
    if (!cause) return
    // in the tap, before any await: WeChat shows its prompt only then
    const asked = askSubscriptions('change')
    setBusy(true)
    try {
      const accepted = await asked
      const r = await requestChange(saveChangeRequestOf(key.current, o.id, options, choice, cause, causeText))
      void keepSubscriptions('train', o.id, 'change', accepted)
      if (r.change.state === 'toPay') {
        setChange(r.change)
        setStep('pay')
      } else void redirectTo('trainSucceededInReSigning', { changeId: r.change.id })
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // a refusal is an answer: another try is a new intent (the prices may have moved: ask again)
      if (e.kind !== 'network') {
        key.current = newIdempotencyKey()
        setProblem(e.message)
        setStep('trains')
        void ask(true)
      }
    } finally {
      setBusy(false)
    }
  }

  const choose = (train: ChangeTrainOffer, quote: ChangeQuote) => {
    const refusal = quoteRefusal(quote)
    if (refusal) return toast(t(refusal))
    key.current = newIdempotencyKey()
    setChoice({ train, quote })
  }

  return {
    kind: 'ready',
    order: o,
    preSale: preSale.data,
    step,
    setStep,
    selected,
    toggle: (id) =>
      setSelected((s) =>
        toggleSelected(
          s,
          id,
          o.passengers.map((p) => p.id),
        ),
      ),
    changeType,
    setChangeType,
    date: date ?? o.date,
    setDate,
    newTo,
    setNewTo,
    options,
    choice,
    choose,
    cause,
    setCause,
    causeText,
    setCauseText,
    problem,
    busy,
    change,
    ask: () => ask(),
    save,
  }
}
