import { Picker, Text, View } from '@tarojs/components'
import dayjs from 'dayjs'
import { useRef, useState } from 'react'
import { AtButton } from 'taro-ui'
import type { AirAfterSaleReason, AirAfterSaleType } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import type { RebookCabinView, RebookFlightView } from '@contracts/calls/flight/change'
import { confirm, toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { fetchRebookList, requestChange } from '../api/after-sales'
import { refOf } from '../api/flights'
import { useRevealMore } from '../hooks/useRevealMore'
import { useKeptDraft } from '../hooks/useBookingDraft'
import { changeProblems, changeableTicket, emptyChange, intentKeys, problemAt, routesOf, segmentKey, stillValid, unavailableReason, type ChangeDraft, type FormField } from '../model/afterSales'
import { dayLabel } from '../model/format'
import { formatYuan } from '../model/money'
import { AIR_CLIENT_RULES } from '../model/rules'
import { RouteChoice, TypeReason } from './AfterSaleFields'
import { FlightTimes } from './FlightTimes'
import { OrderHeader } from './OrderHeader'
import { PassengerChoice } from './PassengerChoice'
import './air.scss'

/** fee and fare difference of a cabin chosen for the change, with what is due, or (a lower fare) what comes back */
export function ChangeCost({ cabin }: { cabin: Pick<RebookCabinView, 'feeFen' | 'fareDiffFen' | 'dueFen' | 'backFen'> }) {
  const { t } = useI18n()
  return (
    <View className='air-change-cost'>
      <View className='air-row'>
        <Text className='air-muted'>{t('air.after.changeFee')}</Text>
        <Text className='air-change-cost__fee'>{formatYuan(cabin.feeFen)}</Text>
      </View>
      <View className='air-row'>
        <Text className='air-muted'>{t('air.after.fareDifference')}</Text>
        <Text className='air-change-cost__diff'>{formatYuan(cabin.fareDiffFen)}</Text>
      </View>
      <View className='air-row air-change-cost__due'>
        <Text>{t('air.after.changeTotal')}</Text>
        <Text className='air-change-cost__amount'>{cabin.dueFen > 0 ? formatYuan(cabin.dueFen) : t('air.after.changeFree')}</Text>
      </View>
      {cabin.backFen > 0 && (
        <View className='air-row air-change-cost__due'>
          <Text>{t('air.after.changeBack')}</Text>
          <Text className='air-change-cost__back'>{formatYuan(cabin.backFen)}</Text>
        </View>
      )}
      {cabin.backFen > 0 && <Text className='air-muted air-change-cost__note'>{t('air.after.changeBackNote')}</Text>}
    </View>
  )
}

/** one flight of the rebook list with its cabins, each with what the change would cost */
function RebookRow({ item, chosen, onChoose }: { item: RebookFlightView; chosen: string; onChoose: (cabin: RebookCabinView) => void }) {
  const { t } = useI18n()
  const f = item.flight
  return (
    <View className={`air-rebook ${item.cabins.length === 0 ? 'is-unavailable' : ''}`}>
      <Text className='air-muted air-rebook__flight'>
        {f.flightNo} · {f.aircraftType}
      </Text>
      <FlightTimes flight={f} />
      {item.cabins.length === 0 && <Text className='air-muted'>{t('air.list.soldOut')}</Text>}
      {item.cabins.map((c) => {
        const on = chosen === `${f.flightNo}/${c.cabinCode}`
        return (
          <View key={c.cabinCode} className={`air-rebook__cabin ${on ? 'is-on' : ''}`} onClick={() => onChoose(c)} role='radio' aria-checked={on}>
            <Text className={`air-check ${on ? 'is-on' : ''}`}>{on ? '✓' : ''}</Text>
            <View className='air-rebook__cabin-body'>
              <Text>
                {t(`air.cabin.class.${c.cabinClass}`)} {c.cabinCode} · {t('air.cabin.seatsLeft', { n: c.seatsLeft })}
              </Text>
              <Text className='air-muted'>{t('air.after.costLine', { fee: formatYuan(c.feeFen), diff: formatYuan(c.fareDiffFen) })}</Text>
            </View>
            <Text className={`air-rebook__due ${c.backFen > 0 ? 'is-back' : ''}`}>
              {c.dueFen > 0 ? formatYuan(c.dueFen) : c.backFen > 0 ? t('air.after.changeBackShort', { amount: formatYuan(c.backFen) }) : t('air.after.changeFree')}
            </Text>
          </View>
        )
      })}
    </View>
  )
}

/** the dates offered as chips, in days from the booked flight's date */
const QUICK_DAYS = [-1, 0, 1, 2, 3]

interface Props {
  order: AirOrderView
  /** Beijing today: the first date a change may go to */
  today: string
  onRequested: (o: AirOrderView) => void
}

/**
 * ticketChanging: change some or all tickets to another flight of the same route (spec §3 change
 * fields): route, passengers, type and cause, new date, then a flight and cabin of findRebookList
 * with its fee and fare difference. One idempotency key per intent; nothing typed is lost.
 */
export function ChangeForm({ order, today, onRequested }: Props) {
  const { t, lang } = useI18n()
  // kept on the device until the request succeeds: a reload mid-form loses nothing
  const kept = useKeptDraft('airAfterSalesDraft', `change:${order.orderId}`, emptyChange)
  const draft = stillValid(kept.draft, order, changeableTicket)
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const keyFor = useRef(intentKeys(newIdempotencyKey)).current
  const update: (patch: Partial<ChangeDraft>) => void = kept.patch
  const routes = routesOf(order, changeableTicket)
  const ids = [...draft.passengerIds].sort((a, b) => a - b)
  const type = draft.type
  const rebookKey = ids.length > 0 && draft.date && type ? `air:rebook:${order.orderId}:${ids.join(',')}:${draft.date}:${type}` : null
  const rebook = useQuery(rebookKey, () => fetchRebookList({ orderId: order.orderId, passengerIds: ids, date: draft.date, type: type as AirAfterSaleType }))
  const flights = rebook.data?.flights ?? []
  const shown = useRevealMore(flights.length, 15, rebookKey ?? '')
  const chosenFlight = flights.find((x) => x.flight.flightNo === draft.flightNo) ?? null
  const chosenCabin = chosenFlight?.cabins.find((c) => c.cabinCode === draft.cabinCode) ?? null
  const problems = tried ? changeProblems(draft) : []
  const problemText = (f: FormField) => {
    const p = problemAt(problems, f)
    return p ? t(p.key, p.params) : null
  }
  const lastDay = dayjs(today).add(AIR_CLIENT_RULES.dateHorizonDays, 'day').format('YYYY-MM-DD')
  // the days around the booked flight one tap away (the same day counts: another flight that day)
  const booked = routes.find((f) => segmentKey(f) === draft.route) ?? order.flight
  const quickDays = QUICK_DAYS.map((n) => dayjs(booked.date).add(n, 'day').format('YYYY-MM-DD')).filter((d) => d >= today && d <= lastDay)
  // what the list was asked for changes: a flight chosen from the old list no longer holds
  const clearFlight = { flightNo: '', cabinCode: '' }

  const submit = async () => {
    if (sending) return
    setTried(true)
    const found = changeProblems(draft)
    if (found.length > 0) return toast(t(found[0].key, found[0].params))
    if (!chosenFlight || !chosenCabin) return toast(t('air.after.err.newRoute'))
    const flightText = `${chosenFlight.flight.flightNo} ${dayLabel(chosenFlight.flight.date, lang)} ${chosenFlight.flight.dep.time.slice(11, 16)}`
    const question =
      chosenCabin.backFen > 0
        ? t('air.after.confirmChangeBack', { n: ids.length, flight: flightText, amount: formatYuan(chosenCabin.backFen) })
        : t('air.after.confirmChange', { n: ids.length, flight: flightText, amount: chosenCabin.dueFen > 0 ? formatYuan(chosenCabin.dueFen) : t('air.after.changeFree') })
    if (!(await confirm({ content: question }))) return
    const body = {
      orderId: order.orderId,
      passengerIds: ids,
      type: type as AirAfterSaleType,
      cause: draft.reason as AirAfterSaleReason,
      causeText: draft.reasonText.trim(),
      flight: refOf(chosenFlight.flight),
      cabinCode: chosenCabin.cabinCode,
      expectedDueFen: chosenCabin.dueFen,
      expectedBackFen: chosenCabin.backFen,
    }
    setSending(true)
    try {
      const next = await requestChange({ ...body, idempotencyKey: keyFor(JSON.stringify(body)) })
      toast(t('air.after.changeSent'))
      kept.clear()
      onRequested(next)
    } catch (err) {
      // the amount moved or the seats went: the list is read again; the choice stays if it still holds
      if (err instanceof RequestError && (err.msgId === 'EAIR1035' || err.msgId === 'EAIR1049' || err.msgId === 'EAIR1004')) rebook.retry()
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='air-after air-change'>
      <OrderHeader order={order} />
      <RouteChoice
        routes={routes}
        value={draft.route}
        what={t('air.after.changeWhat')}
        problem={problemText('route')}
        onChange={(route) =>
          update({ route, ...clearFlight, passengerIds: draft.passengerIds.filter((id) => order.passengers.some((p) => p.passengerId === id && segmentKey(p.segment) === route)) })
        }
      />
      <PassengerChoice
        title={t('air.after.changers')}
        passengers={order.passengers}
        chosen={draft.passengerIds}
        unavailable={(p) => {
          const why = unavailableReason(p, draft.route, changeableTicket)
          return why ? t(why) : null
        }}
        onChange={(passengerIds) => update({ passengerIds, ...clearFlight })}
        problem={problemText('passengers')}
      />
      <TypeReason
        title={t('air.after.cause')}
        type={draft.type}
        reason={draft.reason}
        reasonText={draft.reasonText}
        typeProblem={problemText('type')}
        reasonProblem={problemText('reason')}
        onChange={(v) => update(v.type === draft.type ? v : { ...v, ...clearFlight })}
      />
      <View className={`air-card air-change__date ${problemText('date') ? 'has-problem' : ''}`}>
        <Text className='air-section-title'>{t('air.after.newDate')}</Text>
        <View className='air-chips air-change__days'>
          {quickDays.map((d) => (
            <View key={d} className={`air-chip air-change__day ${draft.date === d ? 'is-on' : ''}`} onClick={() => update({ date: d, ...clearFlight })} role='radio' aria-checked={draft.date === d}>
              {dayLabel(d, lang)}
            </View>
          ))}
        </View>
        <Picker mode='date' value={draft.date || quickDays[0] || today} start={today} end={lastDay} onChange={(e) => update({ date: String(e.detail.value), ...clearFlight })}>
          <View className='air-row air-change__date-row'>
            <Text className='air-muted'>{t('air.after.otherDate')}</Text>
            <Text className={draft.date ? 'air-change__date-value' : 'air-muted'}>{draft.date ? dayLabel(draft.date, lang) : t('air.after.pickDate')} ›</Text>
          </View>
        </Picker>
        {problemText('date') && <Text className='air-problem'>{problemText('date')}</Text>}
      </View>
      <View className={`air-card air-change__flights ${problemText('flight') ? 'has-problem' : ''}`}>
        <Text className='air-section-title'>{t('air.after.newFlight')}</Text>
        {!rebookKey && <Text className='air-muted'>{t('air.after.rebookFirst')}</Text>}
        {rebookKey && rebook.status === 'loading' && !rebook.data && <Text className='air-muted'>{t('common.loading')}</Text>}
        {rebookKey && rebook.status === 'error' && (
          <View className='air-row'>
            <Text className='air-problem'>{t('air.after.rebookFailed')}</Text>
            <Text className='air-link' onClick={rebook.retry}>
              {t('common.retry')}
            </Text>
          </View>
        )}
        {rebook.data && !rebook.data.changeAllowed && <Text className='air-warn'>{t('air.after.changeNotAllowed')}</Text>}
        {rebook.data && rebook.data.changeAllowed && flights.length === 0 && <Text className='air-muted air-change__none'>{t('air.after.noRebook')}</Text>}
        {flights.slice(0, shown).map((item) => (
          <RebookRow key={item.flight.flightNo} item={item} chosen={`${draft.flightNo}/${draft.cabinCode}`} onChoose={(c) => update({ flightNo: item.flight.flightNo, cabinCode: c.cabinCode })} />
        ))}
        {problemText('flight') && <Text className='air-problem'>{problemText('flight')}</Text>}
      </View>
      {chosenCabin && (
        <View className='air-card'>
          <Text className='air-section-title'>{t('air.after.cost')}</Text>
          <ChangeCost cabin={chosenCabin} />
        </View>
      )}
      <View className='air-bottombar__spacer' />
      <View className='air-bottombar'>
        <View className='air-bottombar__total'>
          <Text className='air-muted'>{chosenCabin && chosenCabin.backFen > 0 ? t('air.after.changeBack') : t('air.after.changeTotal')} </Text>
          <Text className={`air-bottombar__amount ${chosenCabin && chosenCabin.backFen > 0 ? 'is-back' : ''}`}>{chosenCabin ? formatYuan(chosenCabin.backFen > 0 ? chosenCabin.backFen : chosenCabin.dueFen) : '—'}</Text>
        </View>
        <AtButton type='primary' className='air-bottombar__submit air-change__submit' disabled={sending} onClick={() => void submit()}>
          {sending ? t('air.details.sending') : t('air.after.submitChange')}
        </AtButton>
      </View>
    </View>
  )
}
