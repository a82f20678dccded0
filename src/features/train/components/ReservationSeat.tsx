import { Text, View } from '@tarojs/components'
import { newIdempotencyKey } from '@/lib/idempotency'
import { TextField } from '@/ui/TextField'
import type { ReservationForm } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/format'
import { toggleGrabClass } from '../model/grab'
import { Section } from './Section'
import { pressable } from '@/ui/pressable'
import { ReasonPicks } from '@/ui/ReasonPicks'

/** the class booked (or the classes a grab waits for), the travel standard and the policy's verdict */
export function ReservationSeat({ form }: { form: ReservationForm }) {
  const { t } = useI18n()
  const { train, seat, grab, standard, verdict: v, outside, blocked, needsReason, breaches, grabVerdict, grabOffered, grabClasses, draft, update } = form
  return (
    <Section title={t('train.reserve.seat')} extra={<Text className='reservation__price'>¥{formatYuan(seat.priceFen)}</Text>}>
      <Text className='reservation__seat'>
        {t(`train.seat.${seat.seatType}`)} ·{' '}
        {grab ? t('train.common.soldOut') : seat.left < 20 ? t('train.common.left', { n: seat.left }) : t('train.common.many')}
      </Text>
      {standard && (
        <Text className='reservation__standard'>
          {t('train.reserve.policy')}: {(standard.train.seatsByTrainType[train.trainType] ?? []).map((s) => t(`train.seat.${s}`)).join(' / ') || '-'}
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
                  {...pressable(() => update({ grabSeatTypes: toggleGrabClass(grabClasses, s), idempotencyKey: newIdempotencyKey() }), {
                    role: 'checkbox',
                    checked: rank > 0,
                  })}
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
      {needsReason && standard?.overPolicyReasons && (
        <ReasonPicks
          reasons={standard.overPolicyReasons}
          value={draft.overPolicyReason}
          label={t('train.reserve.reasonPicks')}
          onPick={(r) => update({ overPolicyReason: r })}
        />
      )}
      {needsReason && (
        <TextField
          name='overPolicyReason'
          label={t('train.reserve.reason')}
          value={draft.overPolicyReason}
          placeholder={t('train.reserve.reasonPlaceholder')}
          onChange={(r) => update({ overPolicyReason: r })}
          maxlength={200}
        />
      )}
    </Section>
  )
}
