import { Input, Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { AtButton } from 'taro-ui'
import { useEffect, useState } from 'react'
import type { Traveller } from '@contracts/calls/train/travellers'
import type { PolicyVerdict, TravelStandard } from '@contracts/calls/travel'
import { PASSENGER_TYPES, SEAT_TYPES, type SeatType } from '@contracts/train'
import { alert, confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { appState, useAppStore } from '@/store'
import type { TrainDraft, TrainDraftPassenger } from '@/store/trainSlice'
import { Notice } from '@/ui/Notice'
import { TextField } from '@/ui/TextField'
import { saveGrab } from '../api/grabs'
import { saveOrder } from '../api/orders'
import { fetchStandard, verifyTrainOrder } from '../api/travel-policy'
import { usePreSale } from '../hooks/usePreSale'
import { useShownAgain } from '../hooks/useShownAgain'
import { trainAddressOf, useTrainOffer } from '../hooks/useTrainOffer'
import { useTravellers } from '../hooks/useTravellers'
import { formatYuan } from '../model/format'
import { newIdempotencyKey } from '@/lib/idempotency'
import { MAX_PASSENGERS, draftKeyOf, emptyDraft, fareFen, saveOrderRequestOf, validateReservation, type ReservationTarget } from '../model/reservation'
import { chosenGrabClasses, grabClassChoices, grabPolicyVerdict, toggleGrabClass } from '../model/grab'
import { keepChoice, seatChoicesFor } from '../model/seating'
import { AgreeCheck } from './AgreeCheck'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import { TravellerCard } from './TravellerList'
import './Reservation.scss'

const isSeatType = (v: string | undefined): v is SeatType => (SEAT_TYPES as readonly string[]).includes(v ?? '')

/**
 * oneWayReservation: who travels (saved travellers; a child with an adult, with the height when
 * the event goes by height), seats, contact, the reservation agreement, and the travel policy's
 * verdict before submitting. Submits once (orderInfo/save with an idempotency key, no loading
 * indicator: the button shows it) and goes to tobePaid; a sold-out class becomes a grab request.
 * The form lives in the store's draft, so adding a traveller or picking seats loses nothing.
 */
export function Reservation() {
  const { t } = useI18n()
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
  const target: ReservationTarget | null = address && seatType ? { trainCode: address.trainCode, date: address.date, fromStationCode: address.from, toStationCode: address.to, seatType } : null
  const key = target ? draftKeyOf(target) : ''
  const standard = useQuery<TravelStandard>(`train:standard:${token}`, fetchStandard)
  const verdict = useQuery<PolicyVerdict>(target ? `train:verify:${key}` : null, () => verifyTrainOrder(target as ReservationTarget))
  const [busy, setBusy] = useState(false)
  useShownAgain(() => travellers.retry())

  // a draft for this train and class: the stored one if it is this one, else a new one
  useEffect(() => {
    if (key && stored?.key !== key) setDraft(emptyDraft(key, { name: user?.name ?? '', mobile: user?.mobile ?? '' }))
  }, [key, stored?.key, setDraft, user?.name, user?.mobile])

  if (!target || !address) return <Notice text={t('train.list.noTrains')} />
  if (offer.status === 'error' && !offer.data) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: offer.retry }} />
  const train = offer.data
  const seat = train?.seats.find((s) => s.seatType === seatType)
  if (offer.status === 'success' && (!train || !seat)) return <Notice text={t('train.list.noTrains')} />
  if (!train || !seat || !preSale.data || stored?.key !== key) return null
  const draft: TrainDraft = stored
  const childRule = preSale.data.childRule
  const grab = seat.left <= 0
  const update = (d: Partial<TrainDraft>) => setDraft({ ...draft, ...d })
  // a traveller deleted meanwhile (or another attendee's draft on this phone) is not sent
  const known = (p: TrainDraftPassenger) => !travellers.data || travellers.data.some((x) => x.id === p.travellerId)
  const passengers = draft.passengers.filter(known)
  const setPassenger = (id: number, d: Partial<TrainDraftPassenger>) => update({ passengers: passengers.map((p) => (p.travellerId === id ? { ...p, ...d } : p)) })
  const pick = (x: Traveller) => {
    if (x.auditStatus === 'failed') return toast(t('train.reserve.auditFailed', { name: x.name }))
    if (passengers.some((p) => p.travellerId === x.id)) return update({ passengers: passengers.filter((p) => p.travellerId !== x.id) })
    if (passengers.length >= MAX_PASSENGERS) return toast(t('train.reserve.tooManyPassengers'))
    update({ passengers: [...passengers, { travellerId: x.id, passengerType: x.passengerType, heightCm: '', seatChoice: null }] })
  }
  const v = verdict.data
  // a grab may wait for several sold-out classes: the verdict covers them all (model/grab.ts)
  const grabOffered = grab ? grabClassChoices(train.seats, seat.seatType, v?.overPolicy) : []
  const grabClasses = grab ? chosenGrabClasses(draft.grabSeatTypes, grabOffered, seat.seatType) : []
  const grabVerdict = grab && v ? grabPolicyVerdict(v, grabClasses, train.seats, seat.seatType) : null
  const outside = grabVerdict ? grabVerdict.outside : !!v && !v.withinPolicy
  const blocked = outside && v?.overPolicy === 'block'
  const needsReason = outside && v?.overPolicy === 'reason'
  const breaches = grabVerdict ? grabVerdict.breaches : (v?.breaches ?? [])
  // a grab's fare is its first choice's; the order made shows the class that got seats
  const fareSeat = (grab && train.seats.find((s) => s.seatType === grabClasses[0])) || seat
  const choices = seatChoicesFor(train.trainType, seat.seatType)
  const chosenSeats = passengers.map((p) => keepChoice(p.seatChoice, choices)).filter(Boolean)

  const submit = async () => {
    const current = { ...draft, passengers }
    const problem = validateReservation(current, { childRule, needsReason })
    if (problem) return toast(t(problem))
    if (blocked) return toast(t('train.reserve.policyBlocked'))
    if (busy) return
    setBusy(true)
    try {
      if (grab) return await leaveGrab(current)
      const order = await saveOrder(saveOrderRequestOf(target, current, childRule))
      setDraft(null)
      void redirectTo('trainToBePaid', { orderId: order.id })
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      // a refusal is an answer: the next submit is a new intent with a new key; a network failure
      // is not, and the retry keeps the key so the server can answer it once
      if (e.kind !== 'network') update({ passengers, idempotencyKey: newIdempotencyKey() })
      // sold out meanwhile (ETRAIN1020): offer to grab, as spec §8 "no tickets left" says
      if (e.msgId === 'ETRAIN1020' && (await confirm({ content: t('train.reserve.soldOutGrab'), confirmText: t('train.reserve.grabOrder') }))) await leaveGrab(current).catch(() => undefined)
    } finally {
      setBusy(false)
    }
  }
  const leaveGrab = async (current: TrainDraft) => {
    const req = saveOrderRequestOf(target, current, childRule)
    const { seatType: _s, ...rest } = req
    // sold out on submit (ETRAIN1020): the class tapped; a grab from the start: the classes chosen, in order
    const seatTypes = grab ? grabClasses : [seat.seatType]
    await saveGrab({ ...rest, idempotencyKey: appState().trainDraft?.idempotencyKey ?? current.idempotencyKey, seatTypes })
    setDraft(null)
    // a modal, not a toast: the home's first calls would close a toast before it is read
    await alert({ content: t('train.reserve.grabSaved') })
    void redirectTo('trainHome')
  }

  return (
    <View className='reservation'>
      <TrainHeader train={train} />
      <Section title={t('train.reserve.seat')} extra={<Text className='reservation__price'>¥{formatYuan(seat.priceFen)}</Text>}>
        <Text className='reservation__seat'>
          {t(`train.seat.${seat.seatType}`)} · {grab ? t('train.common.soldOut') : seat.left < 20 ? t('train.common.left', { n: seat.left }) : t('train.common.many')}
        </Text>
        {standard.data && (
          <Text className='reservation__standard'>
            {t('train.reserve.policy')}: {(standard.data.train.seatsByTrainType[train.trainType] ?? []).map((s) => t(`train.seat.${s}`)).join(' / ') || '-'}
          </Text>
        )}
        {v && (
          <View className={`reservation__policy ${outside ? 'is-outside' : ''}`}>
            <Text className='reservation__policy-title'>{outside ? t('train.reserve.policyBreaks') : t('train.reserve.policyOk')}</Text>
            {breaches.map((b) => (
              <Text key={b.rule + b.text} className='reservation__breach'>
                · {b.text}
              </Text>
            ))}
            {grabVerdict?.outsideClasses.map((s) => (
              <Text key={s} className='reservation__breach'>
                · {t('train.grab.classOutside', { seat: t(`train.seat.${s}`) })}
              </Text>
            ))}
            {blocked && <Text className='reservation__breach'>{t('train.reserve.policyBlocked')}</Text>}
          </View>
        )}
        {grab && (
          <View className='reservation__grab-classes'>
            <Text className='reservation__grab-title'>{t('train.grab.classesTitle')}</Text>
            <Text className='reservation__grab-hint'>{grabOffered.length > 1 ? t('train.grab.classesHint') : t('train.grab.classesOnly')}</Text>
            <View className='reservation__grab-list'>
              {grabOffered.map((s) => {
                const rank = grabClasses.indexOf(s) + 1
                const offer = train.seats.find((x) => x.seatType === s)
                return (
                  <View
                    key={s}
                    className={`reservation__grab-class ${rank ? 'is-on' : ''}`}
                    role='checkbox'
                    aria-checked={rank > 0}
                    onClick={() => update({ grabSeatTypes: toggleGrabClass(grabClasses, s), idempotencyKey: newIdempotencyKey() })}
                  >
                    <Text className='reservation__grab-rank'>{rank || ''}</Text>
                    <Text className='reservation__grab-name'>{t(`train.seat.${s}`)}</Text>
                    {offer && <Text className='reservation__grab-price'>¥{formatYuan(offer.priceFen)}</Text>}
                    {offer && !offer.withinPolicy && <Text className='reservation__grab-outside'>{t('train.grab.outsideTag')}</Text>}
                  </View>
                )
              })}
            </View>
          </View>
        )}
        {needsReason && (
          <TextField name='overPolicyReason' label={t('train.reserve.reason')} value={draft.overPolicyReason} placeholder={t('train.reserve.reasonPlaceholder')} onChange={(r) => update({ overPolicyReason: r })} maxlength={200} />
        )}
      </Section>

      <Section
        title={t('train.reserve.passengers')}
        extra={
          <Text className='reservation__link' onClick={() => void navigateTo('trainEditPassengers', { mode: 'add' })}>
            + {t('train.passenger.add')}
          </Text>
        }
      >
        <Text className='reservation__rule'>{childRule === 'height' ? t('train.reserve.childHeightRule') : t('train.reserve.childAgeRule')}</Text>
        {travellers.data && !travellers.data.length && <Text className='reservation__empty'>{t('train.passenger.empty')}</Text>}
        {travellers.data?.map((x) => {
          const chosen = passengers.find((p) => p.travellerId === x.id)
          return (
            <View key={x.id} className={`reservation__traveller ${chosen ? 'is-chosen' : ''} ${x.auditStatus === 'failed' ? 'is-failed' : ''}`}>
              <View className='reservation__pick' onClick={() => pick(x)}>
                <View className={`reservation__check ${chosen ? 'is-checked' : ''}`} role='checkbox' aria-checked={!!chosen} aria-label={x.name}>
                  {chosen ? '✓' : ''}
                </View>
                <TravellerCard traveller={x} />
              </View>
              {chosen && (
                <View className='reservation__ticket'>
                  {PASSENGER_TYPES.map((pt) => (
                    <View key={pt} className={`reservation__kind reservation__kind--${pt} ${chosen.passengerType === pt ? 'is-on' : ''}`} onClick={() => setPassenger(x.id, { passengerType: pt })}>
                      {t(`train.passengerType.${pt}`)}
                    </View>
                  ))}
                  {chosen.passengerType === 'child' && childRule === 'height' && (
                    <Input
                      className='reservation__height'
                      type='number'
                      maxlength={3}
                      value={chosen.heightCm}
                      placeholder={t('train.reserve.heightPlaceholder')}
                      aria-label={t('train.reserve.childHeight')}
                      onInput={(e) => setPassenger(x.id, { heightCm: e.detail.value })}
                    />
                  )}
                  {chosen.passengerType === 'child' && childRule === 'height' && <Text className='reservation__cm'>cm</Text>}
                </View>
              )}
            </View>
          )
        })}
        {choices.length > 0 && passengers.length > 0 && (
          <View className='reservation__seating' onClick={() => void navigateTo('trainSeating', { draft: key, trainType: train.trainType, seat: seat.seatType })}>
            <Text>{t('train.reserve.seatChoice')}</Text>
            <Text className='reservation__seating-value'>{chosenSeats.length ? chosenSeats.join(' ') : t('train.seating.none')} ›</Text>
          </View>
        )}
      </Section>

      <Section title={t('train.reserve.contact')}>
        <TextField name='contactName' label={t('train.reserve.contactName')} value={draft.contactName} placeholder={t('train.reserve.contactNamePlaceholder')} onChange={(c) => update({ contactName: c })} maxlength={30} />
        <TextField name='contactMobile' label={t('train.reserve.contactMobile')} value={draft.contactMobile} placeholder={t('train.reserve.contactMobilePlaceholder')} onChange={(c) => update({ contactMobile: c })} type='number' maxlength={11} />
      </Section>

      <View className='reservation__agree'>
        <AgreeCheck
          name='reservation'
          checked={draft.agreed}
          onChange={(agreed) => update({ agreed })}
          prefix={t('train.reserve.agreePrefix')}
          links={[
            { label: t('train.reserve.agreement'), onClick: () => void navigateTo('trainAgreement') },
            { label: t('train.reserve.notice'), onClick: () => void navigateTo('noticeOfReservation') },
          ]}
        />
      </View>

      <View className='reservation__bar'>
        <View className='reservation__total'>
          <Text className='reservation__total-label'>{t('train.reserve.total')}</Text>
          <Text className='reservation__total-value'>¥{formatYuan(fareFen(passengers, fareSeat))}</Text>
          <Text className='reservation__total-note'>{grabClasses.length > 1 ? t('train.grab.fareNote') : t('train.reserve.fareNote')}</Text>
        </View>
        <AtButton type='primary' className='reservation__submit' loading={busy} disabled={blocked} onClick={submit}>
          {grab ? t('train.reserve.grabOrder') : busy ? t('train.reserve.submitting') : t('train.reserve.submit')}
        </AtButton>
      </View>
    </View>
  )
}
