import { Input, Text, View } from '@tarojs/components'
import { PASSENGER_TYPES } from '@contracts/train'
import { navigateTo } from '@/lib/router/navigate'
import type { ReservationForm } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { Section } from './Section'
import { TravellerCard } from './TravellerList'
import { pressable } from '@/ui/pressable'

/** the saved travellers to choose from, each chosen one's ticket kind (and height), and the seating link */
export function ReservationPassengers({ form }: { form: ReservationForm }) {
  const { t } = useI18n()
  const { key, train, seat, childRule, travellers, passengers, seatChoices, chosenSeats, pick, setPassenger } = form
  return (
    <Section
      title={t('train.reserve.passengers')}
      extra={
        <Text className='reservation__link' {...pressable(() => void navigateTo('trainEditPassengers', { mode: 'add' }))}>
          + {t('train.passenger.add')}
        </Text>
      }
    >
      <Text className='reservation__rule'>{childRule === 'height' ? t('train.reserve.childHeightRule') : t('train.reserve.childAgeRule')}</Text>
      {travellers && !travellers.length && <Text className='reservation__empty'>{t('train.passenger.empty')}</Text>}
      {travellers?.map((x) => {
        const chosen = passengers.find((p) => p.travellerId === x.id)
        return (
          <View key={x.id} className={`reservation__traveller ${chosen ? 'is-chosen' : ''} ${x.auditStatus === 'failed' ? 'is-failed' : ''}`}>
            <View className='reservation__pick' {...pressable(() => pick(x))}>
              <View className={`reservation__check ${chosen ? 'is-checked' : ''}`} role='checkbox' aria-checked={!!chosen} aria-label={x.name}>
                {chosen ? '✓' : ''}
              </View>
              <TravellerCard traveller={x} />
            </View>
            {chosen && (
              <View className='reservation__ticket'>
                {PASSENGER_TYPES.map((pt) => (
                  <View
                    key={pt}
                    className={`reservation__kind reservation__kind--${pt} ${chosen.passengerType === pt ? 'is-on' : ''}`}
                    {...pressable(() => setPassenger(x.id, { passengerType: pt }))}
                  >
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
      {seatChoices.length > 0 && passengers.length > 0 && (
        <View
          className='reservation__seating'
          {...pressable(() => void navigateTo('trainSeating', { draft: key, trainType: train.trainType, seat: seat.seatType }))}
        >
          <Text>{t('train.reserve.seatChoice')}</Text>
          <Text className='reservation__seating-value'>{chosenSeats.length ? chosenSeats.join(' ') : t('train.seating.none')} ›</Text>
        </View>
      )}
    </Section>
  )
}
