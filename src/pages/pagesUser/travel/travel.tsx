import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { useState } from 'react'
import { useI18n } from '@/lib/i18n'
import { navigateTo } from '@/lib/router/navigate'
import { PageLayout } from '@/ui/PageLayout'
import { OrderList } from '@/features/eventday/components/OrderList'
import { TravelRulesCard } from '@/features/eventday/components/TravelRulesCard'

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
          <View className='travel-entries__item travel-entries__item--train' role='button' onClick={() => void navigateTo('trainHome')}>
            {t('eventday.travel.bookTrain')}
          </View>
          <View className='travel-entries__item travel-entries__item--air' role='button' onClick={() => void navigateTo('airInquiry')}>
            {t('eventday.travel.bookAir')}
          </View>
        </View>
        <View className='sign-tabs' role='tablist'>
          <View role='tab' aria-selected={tab === 'trips'} className={`ed-chip ${tab === 'trips' ? 'ed-chip--on' : ''}`} onClick={() => setTab('trips')}>
            {t('eventday.travel.rules')}
          </View>
          <View role='tab' aria-selected={tab === 'orders'} className={`ed-chip ${tab === 'orders' ? 'ed-chip--on' : ''}`} onClick={() => setTab('orders')}>
            {t('eventday.travel.orders')}
          </View>
        </View>
        {tab === 'trips' ? <TravelRulesCard /> : <OrderList />}
      </View>
    </PageLayout>
  )
}
