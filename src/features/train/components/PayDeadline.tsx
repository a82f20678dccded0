import { Text, View } from '@tarojs/components'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import { useI18n } from '../i18n'
import { formatMinutesSeconds } from '../model/countdown'
import './PayDeadline.scss'

/** the time left to pay (spec §4: cancelled 20 minutes after submission), or that it has run out */
export function PayDeadline({ left, order }: { left: number; order: TrainOrderView }) {
  const { t } = useI18n()
  const over = order.status === 'overdue' || (order.status === 'toBePaid' && left <= 0)
  return (
    <View className={`pay-deadline ${over ? 'is-over' : ''}`}>
      <Text className='pay-deadline__text'>{over ? t('train.pay.overdue') : t('train.pay.countdown', { time: formatMinutesSeconds(left) })}</Text>
    </View>
  )
}
