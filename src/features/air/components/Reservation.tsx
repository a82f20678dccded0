import { Text, Textarea, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { AirOrderView, TravellerView } from '@contracts/calls/flight/booking'
import type { CabinView, FlightRef } from '@contracts/calls/flight/search'
import { toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { TextField } from '@/ui/TextField'
import { bookTickets, fetchTravellers } from '../api/booking'
import { fetchCabins, fetchNotices } from '../api/flights'
import { fetchVerdict } from '../api/policy'
import { useBookingDraft } from '../hooks/useBookingDraft'
import { blankPassenger, bookingProblems, bookingRequest, passengerFromTraveller, passengerTypeOf, type BookingDraft, type Problem } from '../model/booking'
import { pick } from '../model/format'
import { formatYuan } from '../model/money'
import { priceOf } from '../model/price'
import { AIR_CLIENT_RULES } from '../model/rules'
import { FlightSummary } from './FlightSummary'
import { LoadState } from './LoadState'
import { PassengerCard } from './PassengerCard'
import { PriceBreakdown } from './PriceBreakdown'
import { Sheet } from './Sheet'
import { TravelNotices } from './TravelNotices'
import './air.scss'

interface Props {
  flight: FlightRef
  cabinCode: string
  /** Beijing today 'YYYY-MM-DD' */
  today: string
  onBooked: (order: AirOrderView) => void
  onBack: () => void
}

/** the server answered that the offer itself changed: read the cabins again */
const OFFER_CHANGED = ['EAIR1003', 'EAIR1004', 'EAIR1005', 'EAIR1010']

/** airTicketReservation: passengers, contact, insurance, agreement, price breakdown, submit */
export function Reservation({ flight, cabinCode, today, onBooked, onBack }: Props) {
  const { t, lang } = useI18n()
  const forKey = `${flight.date}:${flight.flightNo}:${flight.depAirport}:${flight.arrAirport}:${cabinCode}`
  const cabins = useQuery(`air:cabins:${forKey}`, () => fetchCabins(flight))
  const travellers = useQuery('air:travellers', fetchTravellers)
  const notices = useQuery(`air:notices:${forKey}`, () => fetchNotices(flight.depAirport, flight.arrAirport, flight.date))
  const verdict = useQuery(`air:verdict:${forKey}`, () => fetchVerdict(flight, cabinCode))
  const [draft, setDraft, clearDraft] = useBookingDraft(forKey)
  const [showProblems, setShowProblems] = useState(false)
  const [agreementOpen, setAgreementOpen] = useState(false)
  const [detailOpen, setDetailOpen] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const key = useRef(newIdempotencyKey())

  // the contact is the attendee unless they type another
  const self = travellers.data?.find((x) => x.self)
  useEffect(() => {
    if (self && !draft.contactName && !draft.contactMobile) setDraft({ ...draft, contactName: self.name, contactMobile: self.mobile })
    // once, when the travellers arrive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [self])

  const cabin: CabinView | undefined = cabins.data?.cabins.find((c) => c.cabinCode === cabinCode)
  // the policy's fresh word on this very offer, else the mark the cabin came with
  const policy = verdict.data ?? cabin?.policy ?? null
  const needsReason = !!policy && !policy.withinPolicy && policy.overPolicy === 'reason'
  const blocked = !!policy && !policy.withinPolicy && policy.overPolicy === 'block'
  const problems = useMemo(() => bookingProblems(draft, flight.date, new Date(`${today}T12:00:00+08:00`), needsReason), [draft, flight.date, today, needsReason])
  const problemAt = (field: string): string | null => {
    if (!showProblems) return null
    const p = problems.find((x) => x.field === field || x.field.startsWith(`${field}:`))
    return p ? t(p.key, p.params) : null
  }
  const price = cabin
    ? priceOf(
        cabin,
        draft.passengers.map((p) => {
          const type = passengerTypeOf(p, flight.date)
          return { type: type === 'infant' || type === 'child' ? type : 'adult', insurance: p.insurance }
        }),
      )
    : null

  const update = (patch: Partial<BookingDraft>) => setDraft({ ...draft, ...patch })
  const chosen = (x: TravellerView) => draft.passengers.some((p) => p.contactKey === x.contactKey)
  const toggleTraveller = (x: TravellerView) =>
    update({
      passengers: chosen(x) ? draft.passengers.filter((p) => p.contactKey !== x.contactKey) : [...draft.passengers, passengerFromTraveller(x)],
    })

  const submit = async () => {
    if (!cabin || !price || submitting) return
    setShowProblems(true)
    const first: Problem | undefined = problems[0]
    if (first) return toast(t(first.key, first.params))
    setSubmitting(true)
    try {
      const order = await bookTickets(bookingRequest(draft, { flight, cabinCode, idempotencyKey: key.current, expectedTotalFen: price.totalFen }))
      // the order holds it all now; the draft's document numbers need not stay on the phone
      clearDraft()
      onBooked(order)
    } catch (e) {
      // the request client has shown why. A refusal was rolled back on the server: the next
      // submit (after changes) is a new intent; a lost answer keeps the key, so its retry
      // cannot book twice
      if (!(e instanceof RequestError && e.kind === 'network')) key.current = newIdempotencyKey()
      if (e instanceof RequestError && OFFER_CHANGED.includes(e.msgId)) cabins.retry()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <LoadState query={cabins} failText={t('air.reserve.loadFailed')}>
      {(list) =>
        !cabin ? (
          <Notice text={t('air.reserve.cabinGone')} action={{ label: t('common.back'), onClick: onBack }} />
        ) : (
          <View className='air-reserve'>
            <View className='air-card'>
              <FlightSummary flight={list.flight} extra={`${t(`air.cabin.class.${cabin.cabinClass}`)} ${cabin.cabinCode} · ${pick(lang, cabin.ruleSummaryZh, cabin.ruleSummaryEn)}`} />
            </View>
            {policy && !policy.withinPolicy && (
              <View className='air-policy is-out air-reserve__policy'>
                <Text>{blocked ? t('air.cabin.outsideBlocked') : t('air.cabin.outsideReason')}</Text>
                {policy.breaches.map((b) => (
                  <Text key={b.rule} className='air-policy__breach'>
                    {b.text}
                  </Text>
                ))}
              </View>
            )}
            <TravelNotices notices={notices.data ?? []} />

            <View className='air-card air-reserve__passengers'>
              <Text className='air-section-title'>{t('air.reserve.passengers')}</Text>
              {(travellers.data ?? []).length > 0 && (
                <View className='air-reserve__travellers'>
                  <Text className='air-muted'>{t('air.reserve.fromContacts')}</Text>
                  <View className='air-chips'>
                    {(travellers.data ?? []).map((x) => (
                      <View key={x.contactKey} className={`air-chip ${chosen(x) ? 'is-on' : ''}`} onClick={() => toggleTraveller(x)} role='checkbox' aria-checked={chosen(x)}>
                        {x.name}
                      </View>
                    ))}
                  </View>
                </View>
              )}
              <View
                className='air-link air-reserve__add'
                role='button'
                onClick={() => draft.passengers.length < AIR_CLIENT_RULES.maxPassengers && update({ passengers: [...draft.passengers, blankPassenger()] })}
              >
                ＋ {t('air.reserve.addPassenger')}
              </View>
              <Text className='air-muted air-reserve__infant-note'>{t('air.reserve.infantNote')}</Text>
              {showProblems && problemAt('passengers') && <Text className='air-problem'>{problemAt('passengers')}</Text>}
            </View>
            {draft.passengers.map((p, i) => (
              <PassengerCard
                key={p.id}
                passenger={p}
                departureDate={flight.date}
                today={today}
                problem={problemAt(`passenger:${p.id}`)}
                onChange={(next) => update({ passengers: draft.passengers.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => update({ passengers: draft.passengers.filter((_, j) => j !== i) })}
              />
            ))}

            <View className='air-card air-reserve__contact'>
              <Text className='air-section-title'>{t('air.reserve.contact')}</Text>
              <TextField name='contact-name' label={t('air.reserve.contactName')} value={draft.contactName} placeholder={t('air.reserve.contactName')} maxlength={30} onChange={(v) => update({ contactName: v })} />
              <TextField name='contact-mobile' label={t('air.reserve.contactMobile')} value={draft.contactMobile} placeholder={t('air.reserve.contactMobile')} type='number' maxlength={11} onChange={(v) => update({ contactMobile: v })} />
              <TextField name='contact-email' label={t('air.reserve.email')} value={draft.email} placeholder={t('air.reserve.emailOptional')} maxlength={254} onChange={(v) => update({ email: v })} />
              <View className='text-field air-reserve__remark'>
                <Text className='text-field__label'>{t('air.reserve.remark')}</Text>
                <Textarea
                  className='air-reserve__remark-input'
                  value={draft.remark}
                  maxlength={AIR_CLIENT_RULES.remarkMax}
                  autoHeight
                  placeholder={t('air.reserve.remarkPlaceholder', { max: AIR_CLIENT_RULES.remarkMax })}
                  onInput={(e) => update({ remark: e.detail.value })}
                />
              </View>
              {needsReason && (
                <TextField
                  name='over-policy-reason'
                  label={t('air.reserve.overPolicyReason')}
                  value={draft.overPolicyReason}
                  placeholder={t('air.reserve.overPolicyPlaceholder')}
                  maxlength={200}
                  onChange={(v) => update({ overPolicyReason: v })}
                />
              )}
              {['contactName', 'contactMobile', 'email', 'remark', 'overPolicyReason'].map((f) => {
                const text = problemAt(f)
                return text ? (
                  <Text key={f} className='air-problem'>
                    {text}
                  </Text>
                ) : null
              })}
            </View>

            {price && draft.passengers.length > 0 && (
              <View className='air-card'>
                <View className='air-row'>
                  <Text className='air-section-title'>{t('air.reserve.price')}</Text>
                  <View className='air-link air-reserve__detail-toggle' onClick={() => setDetailOpen(!detailOpen)} role='button'>
                    {detailOpen ? t('air.reserve.hideDetail') : t('air.reserve.showDetail')}
                  </View>
                </View>
                {detailOpen && <PriceBreakdown price={price} />}
              </View>
            )}

            <View className='air-reserve__agree' role='checkbox' aria-checked={draft.agreed}>
              <Text className={`air-check ${draft.agreed ? 'is-on' : ''}`} onClick={() => update({ agreed: !draft.agreed })}>
                {draft.agreed ? '✓' : ''}
              </Text>
              <Text onClick={() => update({ agreed: !draft.agreed })}>{t('air.reserve.agreePrefix')}</Text>
              <Text className='air-link' onClick={() => setAgreementOpen(true)}>
                {t('air.reserve.agreement')}
              </Text>
            </View>
            {problemAt('agreed') && <Text className='air-problem air-reserve__agree-problem'>{problemAt('agreed')}</Text>}

            <View className='air-bottombar'>
              <View className='air-bottombar__total' onClick={() => setDetailOpen(!detailOpen)}>
                <Text className='air-muted'>{t('air.reserve.total')} </Text>
                <Text className='air-bottombar__amount'>{formatYuan(price?.totalFen ?? 0)}</Text>
              </View>
              <AtButton type='primary' className='air-bottombar__submit' loading={submitting} disabled={submitting || blocked} onClick={() => void submit()}>
                {submitting ? t('air.reserve.submitting') : t('air.reserve.submit')}
              </AtButton>
            </View>
            <View className='air-bottombar__spacer' />

            {agreementOpen && (
              <Sheet
                title={t('air.reserve.agreementTitle')}
                onClose={() => setAgreementOpen(false)}
                footer={
                  <AtButton
                    type='primary'
                    onClick={() => {
                      update({ agreed: true })
                      setAgreementOpen(false)
                    }}
                  >
                    {t('common.confirm')}
                  </AtButton>
                }
              >
                <Text className='air-agreement'>{t('air.reserve.agreementText')}</Text>
              </Sheet>
            )}
          </View>
        )
      }
    </LoadState>
  )
}
