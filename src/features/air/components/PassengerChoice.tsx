import { Text, View } from '@tarojs/components'
import type { PassengerView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  title: string
  passengers: PassengerView[]
  chosen: number[]
  /** why a passenger cannot be chosen (already refunded, changed…), in the user's language; null: can */
  unavailable: (p: PassengerView) => string | null
  onChange: (ids: number[]) => void
  /** the problem to show under the list, already in the user's language */
  problem?: string | null
}

/** the passengers of an order to refund or change, by ticket, each ticked on or off */
export function PassengerChoice({ title, passengers, chosen, unavailable, onChange, problem }: Props) {
  const { t } = useI18n()
  const toggle = (id: number) => onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id])
  return (
    <View className={`air-card air-choice ${problem ? 'has-problem' : ''}`}>
      <Text className='air-section-title'>{title}</Text>
      {passengers.map((p) => {
        const why = unavailable(p)
        const on = chosen.includes(p.passengerId)
        return (
          <View
            key={p.passengerId}
            className={`air-choice__item ${why ? 'is-unavailable' : ''}`}
            {...pressable(() => !why && toggle(p.passengerId), { role: 'checkbox', checked: on, disabled: !!why })}
          >
            <Text className={`air-check ${on ? 'is-on' : ''}`}>{on ? '✓' : ''}</Text>
            <View className='air-choice__body'>
              <Text className='air-choice__name'>
                {p.name}
                <Text className={`air-tag air-tag--${p.passengerType}`}>{t(`air.reserve.type.${p.passengerType}`)}</Text>
              </Text>
              <Text className='air-muted'>{p.ticketNo ? `${t('air.ticket.ticketNo')} ${p.ticketNo}` : t('air.ticket.noTicketYet')}</Text>
              {why && <Text className='air-warn'>{why}</Text>}
            </View>
          </View>
        )
      })}
      {problem && <Text className='air-problem'>{problem}</Text>}
    </View>
  )
}
