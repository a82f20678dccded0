import { useRouter } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import type { SeatOffer, TrainOffer } from '@contracts/calls/train/search'
import type { Traveller } from '@contracts/calls/train/travellers'
import type { PolicyVerdict, TravelStandard } from '@contracts/calls/travel'
import { SEAT_TYPES, type ChildRule, type SeatChoice, type SeatType } from '@contracts/train'
import { alert, confirm, toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { RequestError } from '@/lib/request'
import { redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { appState, useAppStore } from '@/store'
import type { TrainDraft, TrainDraftPassenger } from '@/store/trainSlice'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import { saveGrab } from '../api/grabs'
import { saveOrder } from '../api/orders'
import { fetchStandard, verifyTrainOrder } from '../api/travel-policy'
import { useI18n } from '../i18n'
import {
  draftKeyOf,
  emptyDraft,
  pickTraveller,
  reservationPolicy,
  saveOrderRequestOf,
  validateReservation,
  type ReservationPolicy,
  type ReservationTarget,
} from '../model/reservation'
import { keepChoice, seatChoicesFor } from '../model/seating'
import { usePreSale } from './usePreSale'
import { useShownAgain } from './useShownAgain'
import { trainAddressOf, useTrainOffer } from './useTrainOffer'
import { useTravellers } from './useTravellers'

const isSeatType = (v: string | undefined): v is SeatType => (SEAT_TYPES as readonly string[]).includes(v ?? '')

/** the form once the train, its class, the pre-sale rules and this train's draft are all there */
export interface ReservationForm extends ReservationPolicy {
  /** the draft's store key (the seating page edits the same draft) */
  key: string
  train: TrainOffer
  seat: SeatOffer
  draft: TrainDraft
  childRule: ChildRule
  /** the class tapped is sold out: submitting leaves a grab request instead of an order */
  grab: boolean
  travellers: Traveller[] | undefined
  standard: TravelStandard | undefined
  verdict: PolicyVerdict | undefined
  /** the draft's passengers that are still saved travellers of this attendee */
  passengers: TrainDraftPassenger[]
  /** the seat letters this train and class offer (none: no seating page) */
  seatChoices: SeatChoice[]
  chosenSeats: (SeatChoice | null)[]
  busy: boolean
  update: (d: Partial<TrainDraft>) => void
  setPassenger: (travellerId: number, d: Partial<TrainDraftPassenger>) => void
  pick: (x: Traveller) => void
  submit: () => Promise<void>
}

export type ReservationState = { kind: 'noTrain' } | { kind: 'loadFailed'; retry: () => void } | { kind: 'loading' } | ({ kind: 'ready' } & ReservationForm)

/**
 * oneWayReservation's state: the train and class of the address, the pre-sale rules, the saved
 * travellers, the travel standard and the policy's verdict, and the draft in the store (so adding
 * a traveller or picking seats loses nothing). Submits once (orderInfo/save with the draft's
 * idempotency key) and goes to tobePaid; a sold-out class becomes a grab request.
 */
export function useReservation(): ReservationState {
  const { t, lang } = useI18n()
  const { params } = useRouter()
  const address = trainAddressOf(params)
  const seatType = isSeatType(params.seat) ? params.seat : null
  const offer = useTrainOffer(address)
  const preSale = usePreSale()
  const travellers = useTravellers()
  const token = useAppStore((s) => s.token) ?? ''
  const user = useAppStore((s) => s.user)
  const stored = useAppStore((s) => s.trainDraft)
  const setDraft = useAppStore((s) => s.setTrainDraft)
  const target: ReservationTarget | null =
    address && seatType ? { trainCode: address.trainCode, date: address.date, fromStationCode: address.from, toStationCode: address.to, seatType } : null
  const key = target ? draftKeyOf(target) : ''
  const standard = useQuery<TravelStandard>(`train:standard:${token}:${lang}`, fetchStandard)
  const verdict = useQuery<PolicyVerdict>(target ? `train:verify:${key}` : null, () => verifyTrainOrder(target as ReservationTarget))
  const [busy, setBusy] = useState(false)
  useShownAgain(() => travellers.retry())

  // a draft for this train and class: the stored one if it is this one, else a new one
  useEffect(() => {
    if (key && stored?.key !== key) setDraft(emptyDraft(key, { name: user?.name ?? '', mobile: user?.mobile ?? '' }))
  }, [key, stored?.key, setDraft, user?.name, user?.mobile])

  if (!target || !address) return { kind: 'noTrain' }
  if (offer.status === 'error' && !offer.data) return { kind: 'loadFailed', retry: offer.retry }
  const train = offer.data
  const seat = train?.seats.find((s) => s.seatType === seatType)
  if (offer.status === 'success' && (!train || !seat)) return { kind: 'noTrain' }
  if (!train || !seat || !preSale.data || stored?.key !== key) return { kind: 'loading' }
  const draft: TrainDraft = stored
  const childRule = preSale.data.childRule
  const grab = seat.left <= 0
  const update = (d: Partial<TrainDraft>) => setDraft({ ...draft, ...d })
  // a traveller deleted meanwhile (or another attendee's draft on this phone) is not sent
  const known = (p: TrainDraftPassenger) => !travellers.data || travellers.data.some((x) => x.id === p.travellerId)
  const passengers = draft.passengers.filter(known)
  const setPassenger = (id: number, d: Partial<TrainDraftPassenger>) =>
    update({ passengers: passengers.map((p) => (p.travellerId === id ? { ...p, ...d } : p)) })
  const pick = (x: Traveller) => {
    const picked = pickTraveller(passengers, x)
    if ('refused' in picked) return toast(t(picked.refused, { name: x.name }))
    update({ passengers: picked.passengers })
  }
  const policy = reservationPolicy(train.seats, seat, draft.grabSeatTypes, verdict.data)
  const seatChoices = seatChoicesFor(train.trainType, seat.seatType)
  const chosenSeats = passengers.map((p) => keepChoice(p.seatChoice, seatChoices)).filter(Boolean)

  const submit = async () => {
    const current = { ...draft, passengers }
    const problem = validateReservation(current, { childRule, needsReason: policy.needsReason })
    if (problem) return toast(t(problem))
    if (policy.blocked) return toast(t('train.reserve.policyBlocked'))
    if (busy) return
    // in the tap, before any await: WeChat shows its prompt only then (a grab has no order to tell about yet)
    const asked = grab ? null : askSubscriptions('booking')
    setBusy(true)
    try {
      if (grab) return await leaveGrab(current)
      const accepted = (await asked) ?? []
      const order = await saveOrder(saveOrderRequestOf(target, current, childRule))
      setDraft(null)
      void keepSubscriptions('train', order.id, 'booking', accepted)
      void redirectTo('trainToBePaid', { orderId: order.id })
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // a refusal is an answer: the next submit is a new intent with a new key; a network failure
      // is not, and the retry keeps the key so the server can answer it once
      if (e.kind !== 'network') update({ passengers, idempotencyKey: newIdempotencyKey() })
      // sold out meanwhile (ETRAIN1020): offer to grab, as spec §8 "no tickets left" says
      if (e.msgId === 'ETRAIN1020' && (await confirm({ content: t('train.reserve.soldOutGrab'), confirmText: t('train.reserve.grabOrder') })))
        await leaveGrab(current).catch(() => undefined)
    } finally {
      setBusy(false)
    }
  }
  const leaveGrab = async (current: TrainDraft) => {
    const req = saveOrderRequestOf(target, current, childRule)
    const { seatType: _s, ...rest } = req
    // sold out on submit (ETRAIN1020): the class tapped; a grab from the start: the classes chosen, in order
    const seatTypes = grab ? policy.grabClasses : [seat.seatType]
    await saveGrab({ ...rest, idempotencyKey: appState().trainDraft?.idempotencyKey ?? current.idempotencyKey, seatTypes })
    setDraft(null)
    // a modal, not a toast: the home's first calls would close a toast before it is read
    await alert({ content: t('train.reserve.grabSaved') })
    void redirectTo('trainHome')
  }

  return {
    kind: 'ready',
    ...policy,
    key,
    train,
    seat,
    draft,
    childRule,
    grab,
    travellers: travellers.data,
    standard: standard.data,
    verdict: verdict.data,
    passengers,
    seatChoices,
    chosenSeats,
    busy,
    update,
    setPassenger,
    pick,
    submit,
  }
}
