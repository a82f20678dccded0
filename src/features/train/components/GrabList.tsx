import { Text, View } from '@tarojs/components'
import type { GrabView } from '@contracts/calls/train/grabs'
import { confirm } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { navigateTo } from '@/lib/router/navigate'
import { cancelGrab } from '../api/grabs'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { Section } from './Section'
import { pressable } from '@/ui/pressable'
import './GrabList.scss'

/** homePage: the attendee's grab requests; a fulfilled one leads to its order to pay */
export function GrabList({ grabs, onChanged }: { grabs: GrabView[]; onChanged: () => void }) {
  const { t, lang } = useI18n()
  const shown = grabs.filter((g) => g.status === 'pending' || g.status === 'fulfilled')
  if (!shown.length) return null
  const withdraw = async (g: GrabView) => {
    if (!(await confirm({ content: t('train.grab.cancelConfirm') }))) return
    try {
      await cancelGrab(g.id)
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    }
    onChanged()
  }
  return (
    <Section title={t('train.grab.title')} className='train-grabs'>
      {shown.map((g) => (
        <View key={g.id} className={`train-grab train-grab--${g.status}`}>
          <View className='train-grab__main'>
            <Text className='train-grab__train'>
              {g.trainNo} {stationName(g.from, lang)} → {stationName(g.to, lang)}
            </Text>
            <Text className='train-grab__sub'>
              <DateLabel date={g.date} /> · {g.passengerNames.join(t('common.listSeparator'))}
            </Text>
            {/* the classes in the attendee's order of preference: the first that gets seats is booked */}
            <Text className='train-grab__classes' aria-label={t('train.grab.classesLabel')}>
              {g.seatTypes.map((s) => t(`train.seat.${s}`)).join(' › ')}
            </Text>
            <Text className='train-grab__status'>{t(`train.grab.${g.status === 'fulfilled' ? 'fulfilled' : 'pending'}`)}</Text>
          </View>
          {g.status === 'fulfilled' && g.orderId ? (
            <View className='train-grab__action is-primary' {...pressable(() => void navigateTo('trainToBePaid', { orderId: g.orderId }))}>
              {t('train.grab.toPay')}
            </View>
          ) : (
            <View className='train-grab__action' {...pressable(() => void withdraw(g))}>
              {t('train.grab.cancel')}
            </View>
          )}
        </View>
      ))}
    </Section>
  )
}
