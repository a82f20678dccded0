import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { TrainChangeRecord } from '@contracts/calls/train/change'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import { useI18n } from '../i18n'
import { redirectTo } from '@/lib/router/navigate'
import { useServerCountdown } from '../hooks/useServerCountdown'
import { formatMinutesSeconds } from '../model/countdown'
import { ChangeRoute } from './ChangeRoute'
import { DifferenceLines } from './DifferenceLines'
import { Section } from './Section'

/** what the page composes in to pay a change's difference (the payment feature's WeChat Pay panel) */
export type ChangePayAction = (p: { order: TrainOrderView; change: TrainChangeRecord; onPaid: () => void }) => ReactNode

/**
 * Paying a change's higher fare (the attendee paid the order; a company-paid order's difference
 * is charged by the server at once): the new trip, the money, the change's own deadline, and the
 * page's pay panel. Once the server says paid, succeededInreSigning follows the railway's answer.
 */
export function ChangePay({ order, change, payAction }: { order: TrainOrderView; change: TrainChangeRecord; payAction: ChangePayAction }) {
  const { t } = useI18n()
  const left = useServerCountdown(change.payDeadline, change.serverNow)
  return (
    <View className='change-pay'>
      <Section title={t('train.change.payTitle')}>
        <ChangeRoute change={change} />
        <DifferenceLines quote={change} />
        {change.payDeadline && <Text className='change-pay__deadline'>{t('train.change.payWithin', { time: formatMinutesSeconds(left) })}</Text>}
      </Section>
      <View className='change-pay__panel'>
        {payAction({ order, change, onPaid: () => void redirectTo('trainSucceededInReSigning', { changeId: change.id }) })}
      </View>
    </View>
  )
}
