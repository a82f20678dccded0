import { Picker, Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useChangeForm } from '../hooks/useChangeForm'
import { useI18n } from '../i18n'
import { changeableTicket, unavailableReason } from '../model/afterSales'
import { dayLabel } from '../model/format'
import { formatYuan } from '../model/money'
import { RouteChoice, TypeReason } from './AfterSaleFields'
import { ChangeCost, ChangeFlights } from './ChangeRebook'
import { OrderHeader } from './OrderHeader'
import { PassengerChoice } from './PassengerChoice'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  order: AirOrderView
  /** Beijing today: the first date a change may go to */
  today: string
  onRequested: (o: AirOrderView) => void
}

/**
 * ticketChanging: change some or all tickets to another flight of the same route (spec §3 change
 * fields): route, passengers, type and cause, new date, then a flight and cabin of findRebookList
 * with its fee and fare difference. One idempotency key per intent; nothing typed is lost
 * (hooks/useChangeForm).
 */
export function ChangeForm({ order, today, onRequested }: Props) {
  const { t, lang } = useI18n()
  const form = useChangeForm(order, today, onRequested)
  const { draft, routes, chosenCabin, problemText, quickDays, lastDay, sending, submit, setRoute, setPassengers, setCause, setDate } = form

  return (
    <View className='air-after air-change'>
      <OrderHeader order={order} />
      <RouteChoice routes={routes} value={draft.route} what={t('air.after.changeWhat')} problem={problemText('route')} onChange={setRoute} />
      <PassengerChoice
        title={t('air.after.changers')}
        passengers={order.passengers}
        chosen={draft.passengerIds}
        unavailable={(p) => {
          const why = unavailableReason(p, draft.route, changeableTicket)
          return why ? t(why) : null
        }}
        onChange={setPassengers}
        problem={problemText('passengers')}
      />
      <TypeReason
        title={t('air.after.cause')}
        type={draft.type}
        reason={draft.reason}
        reasonText={draft.reasonText}
        typeProblem={problemText('type')}
        reasonProblem={problemText('reason')}
        onChange={setCause}
      />
      <View className={`air-card air-change__date ${problemText('date') ? 'has-problem' : ''}`}>
        <Text className='air-section-title'>{t('air.after.newDate')}</Text>
        <View className='air-chips air-change__days'>
          {quickDays.map((d) => (
            <View
              key={d}
              className={`air-chip air-change__day ${draft.date === d ? 'is-on' : ''}`}
              {...pressable(() => setDate(d), { role: 'radio', checked: draft.date === d })}
            >
              {dayLabel(d, lang)}
            </View>
          ))}
        </View>
        <Picker mode='date' value={draft.date || quickDays[0] || today} start={today} end={lastDay} onChange={(e) => setDate(String(e.detail.value))}>
          <View className='air-row air-change__date-row' {...pressable(undefined)}>
            <Text className='air-muted'>{t('air.after.otherDate')}</Text>
            <Text className={draft.date ? 'air-change__date-value' : 'air-muted'}>{draft.date ? dayLabel(draft.date, lang) : t('air.after.pickDate')} ›</Text>
          </View>
        </Picker>
        {problemText('date') && <Text className='air-problem'>{problemText('date')}</Text>}
      </View>
      <ChangeFlights form={form} />
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
          <Text className={`air-bottombar__amount ${chosenCabin && chosenCabin.backFen > 0 ? 'is-back' : ''}`}>
            {chosenCabin ? formatYuan(chosenCabin.backFen > 0 ? chosenCabin.backFen : chosenCabin.dueFen) : '—'}
          </Text>
        </View>
        <Button type='primary' className='air-bottombar__submit air-change__submit' disabled={sending} onClick={() => void submit()}>
          {sending ? t('air.details.sending') : t('air.after.submitChange')}
        </Button>
      </View>
    </View>
  )
}
