import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { ORDER_STATUS_GROUPS, type OrderStatusGroup, type OrderSummary } from '@contracts/calls/orders'
import { useI18n } from '../i18n'
import { navigateTo } from '@/lib/router/navigate'
import { usePagedList } from '@/lib/usePagedList'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchOrders } from '../api'
import { shortTime } from '../model/entries'
import { orderPageOf, yuanOf } from '../model/orders'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

const PAGE_SIZE = 20
type Filter = 'all' | 'company' | OrderStatusGroup

/**
 * The attendee's orders of every kind, paged ("load more"), filtered by status group or to the
 * company-paid ones (/api/pay/businessInfo/page), fed by the train and air orders on the server
 * (services/order-feeds.ts). A row opens the order's own page.
 */
export function OrderList() {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token)
  const [filter, setFilter] = useState<Filter>('all')
  const orders = usePagedList<OrderSummary>(token ? filter : null, (page) =>
    fetchOrders({ pageNo: page, pageSize: PAGE_SIZE, statusGroup: filter === 'all' || filter === 'company' ? undefined : filter }, filter === 'company'),
  )
  const { rows, state } = orders

  const filters: Filter[] = ['all', ...ORDER_STATUS_GROUPS, 'company']
  const label = (f: Filter) => (f === 'all' ? t('eventday.orders.all') : f === 'company' ? t('eventday.orders.company') : t(`eventday.orders.groups.${f}`))

  return (
    <View className='order-list'>
      <View className='order-list__filters' role='tablist'>
        {filters.map((f) => (
          <View key={f} className={`ed-chip ${f === filter ? 'ed-chip--on' : ''}`} {...pressable(() => setFilter(f), { role: 'tab', selected: f === filter })}>
            {label(f)}
          </View>
        ))}
      </View>
      {state === 'error' && rows.length === 0 && (
        <Notice text={t('eventday.orders.loadFailed')} action={{ label: t('common.retry'), onClick: orders.reload }} />
      )}
      {state === 'ready' && rows.length === 0 && <Text className='ed-muted order-list__empty'>{t('eventday.orders.empty')}</Text>}
      {rows.map((o) => (
        <View
          key={`${o.kind}-${o.orderNo}`}
          className={`ed-card order-list__row order-list__row--${o.statusGroup}`}
          {...pressable(
            () => {
              const page = orderPageOf(o)
              void navigateTo(page.route, page.query)
            },
            { role: 'link' },
          )}
        >
          <View className='order-list__head'>
            <Text className='order-list__kind'>{t(`eventday.orders.kinds.${o.kind}`)}</Text>
            <Text className='order-list__status'>{o.statusLabel}</Text>
          </View>
          <Text className='order-list__title'>{o.title}</Text>
          <View className='order-list__foot'>
            <Text className='ed-muted'>{o.departAt ? shortTime(o.departAt) : shortTime(o.createdAt)}</Text>
            <Text className='order-list__amount'>{t('eventday.orders.amount', { yuan: yuanOf(o.amountFen) })}</Text>
          </View>
          <Text className='ed-muted'>
            {o.orderNo} · {o.payer === 'company' ? t('eventday.orders.payerCompany') : t('eventday.orders.payerSelf')}
          </Text>
        </View>
      ))}
      {rows.length > 0 &&
        (orders.hasMore ? (
          <Button className='order-list__more' loading={state === 'loading'} onClick={orders.more}>
            {t('eventday.orders.more')}
          </Button>
        ) : (
          <Text className='ed-muted order-list__end'>{t('eventday.orders.noMore')}</Text>
        ))}
    </View>
  )
}
