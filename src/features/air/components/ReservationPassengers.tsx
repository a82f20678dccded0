import { Text, View } from '@tarojs/components'
import type { AirReservationForm } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { PassengerCard } from './PassengerCard'
import { pressable } from '@/ui/pressable'

/** the passengers: the attendee's travellers as chips, a blank card to add, each passenger's card with its problem */
export function ReservationPassengers({ form, departureDate, today }: { form: AirReservationForm; departureDate: string; today: string }) {
  const { t } = useI18n()
  const { travellers, draft, update, chosen, toggle, addPassenger, problemAt, showProblems } = form
  return (
    <>
      <View className='air-card air-reserve__passengers'>
        <Text className='air-section-title'>{t('air.reserve.passengers')}</Text>
        {travellers.length > 0 && (
          <View className='air-reserve__travellers'>
            <Text className='air-muted'>{t('air.reserve.fromContacts')}</Text>
            <View className='air-chips'>
              {travellers.map((x) => (
                <View
                  key={x.contactKey}
                  className={`air-chip ${chosen(x) ? 'is-on' : ''}`}
                  {...pressable(() => toggle(x), { role: 'checkbox', checked: chosen(x) })}
                >
                  {x.name}
                </View>
              ))}
            </View>
          </View>
        )}
        <View className='air-link air-reserve__add' {...pressable(addPassenger)}>
          ＋ {t('air.reserve.addPassenger')}
        </View>
        <Text className='air-muted air-reserve__infant-note'>{t('air.reserve.infantNote')}</Text>
        {showProblems && problemAt('passengers') && <Text className='air-problem'>{problemAt('passengers')}</Text>}
      </View>
      {draft.passengers.map((p, i) => (
        <PassengerCard
          key={p.id}
          passenger={p}
          departureDate={departureDate}
          today={today}
          problem={problemAt(`passenger:${p.id}`)}
          onChange={(next) => update({ passengers: draft.passengers.map((x, j) => (j === i ? next : x)) })}
          onRemove={() => update({ passengers: draft.passengers.filter((_, j) => j !== i) })}
        />
      ))}
    </>
  )
}
