import { Text, View } from '@tarojs/components'
import type { ChangeQuote } from '@contracts/calls/train/change'
import { useI18n } from '../i18n'
import { differenceOf } from '../model/after-sales'
import { formatYuan } from '../model/format'

/**
 * the money of one quote: old and new fares, the fee, and the difference to pay or to get back
 * (`settled`: a change already paid for, whose difference is named as such)
 */
export function DifferenceLines({
  quote,
  feePercent,
  settled,
}: {
  quote: Pick<ChangeQuote, 'oldFareFen' | 'newFareFen' | 'changeFeeFen' | 'differenceFen'>
  feePercent?: number
  settled?: boolean
}) {
  const { t } = useI18n()
  const d = differenceOf(quote.differenceFen)
  return (
    <View className='change-diff'>
      <View className='change-diff__row'>
        <Text>{t('train.change.oldFare')}</Text>
        <Text>¥{formatYuan(quote.oldFareFen)}</Text>
      </View>
      <View className='change-diff__row'>
        <Text>{t('train.change.newFare')}</Text>
        <Text>¥{formatYuan(quote.newFareFen)}</Text>
      </View>
      <View className='change-diff__row'>
        <Text>{feePercent ? t('train.change.feePercent', { percent: feePercent }) : t('train.change.fee')}</Text>
        <Text>¥{formatYuan(quote.changeFeeFen)}</Text>
      </View>
      <View className={`change-diff__row change-diff__row--total is-${d.kind}`}>
        <Text>{settled && d.kind !== 'none' ? t('train.change.difference') : t(`train.change.diffLabel.${d.kind}`)}</Text>
        <Text className='change-diff__amount'>¥{formatYuan(d.amountFen)}</Text>
      </View>
    </View>
  )
}
