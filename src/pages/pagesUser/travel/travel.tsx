import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { useState } from 'react'
import { useI18n } from '@/features/eventday/i18n'
import { navigateTo } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { Tabs } from '@/features/eventday/components/Tabs'
import { OrderList } from '@/features/eventday/components/OrderList'
import { TravelRulesCard } from '@/features/eventday/components/TravelRulesCard'
import { pressable } from '@/ui/pressable'

/**
 * /travel (login): the entries to train and air booking, the event's travel rules, and the
 * attendee's orders of every kind (spec §2 has no orders page outside the train's own myOrder:
 * they live here, ?tab=orders opens them).
 */
export default function TravelPage() {
  const { t } = useI18n()
  const { params } = useRouter()
  const [tab, setTab] = useState<'trips' | 'orders'>(params.tab === 'orders' ? 'orders' : 'trips')
  return (
    <PageLayout route='travel'>
      <View className='ed-page'>
        <View className='travel-entries'>
          <View className='travel-entries__item travel-entries__item--train' {...pressable(() => void navigateTo('trainHome'))}>
            {t('eventday.travel.bookTrain')}
          </View>
          <View className='travel-entries__item travel-entries__item--air' {...pressable(() => void navigateTo('airInquiry'))}>
            {t('eventday.travel.bookAir')}
          </View>
        </View>
        <Tabs
          tabs={[
            { key: 'trips', label: t('eventday.travel.rules') },
            { key: 'orders', label: t('eventday.travel.orders') },
          ]}
          value={tab}
          onChange={setTab}
        />
        {tab === 'trips' ? <TravelRulesCard /> : <OrderList />}
      </View>
    </PageLayout>
  )
}
