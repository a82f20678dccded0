import { Text, View } from '@tarojs/components'
import type { PriceView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { formatYuan, yuan } from '../model/money'
import './air.scss'

/** spec §9: fare + tax + fuel fee + airport construction fee (+ insurance), line by line */
export function PriceBreakdown({ price }: { price: PriceView }) {
  const { t } = useI18n()
  return (
    <View className='air-price'>
      {price.lines.map((l) => (
        <View className={`air-price__line air-price__line--${l.kind}`} key={`${l.kind}-${l.passengerType ?? ''}`}>
          <Text className='air-price__label'>
            {l.passengerType
              ? t('air.reserve.lineFor', { kind: t(`air.reserve.line.${l.kind}`), type: t(`air.reserve.type.${l.passengerType}`) })
              : t(`air.reserve.line.${l.kind}`)}
          </Text>
          <Text className='air-muted'>{t('air.reserve.lineCount', { unit: yuan(l.unitFen), count: l.count })}</Text>
          <Text className='air-price__amount'>{formatYuan(l.amountFen)}</Text>
        </View>
      ))}
      <View className='air-price__line air-price__line--total'>
        <Text className='air-price__label'>{t('air.reserve.total')}</Text>
        <Text className='air-price__amount air-price__amount--total'>{formatYuan(price.totalFen)}</Text>
      </View>
    </View>
  )
}
