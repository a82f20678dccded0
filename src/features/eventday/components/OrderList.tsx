import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useEffect, useRef, useState } from 'react'
import { ORDER_STATUS_GROUPS, type OrderStatusGroup, type OrderSummary } from '@contracts/calls/orders'
import { useI18n } from '@/lib/i18n'
import { navigateTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchOrders } from '../api'
import { shortTime } from '../model/entries'
import { orderPageOf, yuanOf } from '../model/orders'
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
  const [rows, setRows] = useState<OrderSummary[]>([])
  const [total, setTotal] = useState(0)
  const [pageNo, setPageNo] = useState(0)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const seq = useRef(0)

  const load = async (f: Filter, page: number) => {
    const mine = ++seq.current
    setState('loading')
    try {
      const r = await fetchOrders(
        { pageNo: page, pageSize: PAGE_SIZE, statusGroup: f === 'all' || f === 'company' ? undefined : f },
        f === 'company',
      )
      if (mine !== seq.current) return
      setRows((old) => (page === 1 ? r.list : [...old, ...r.list]))
      setTotal(r.total)
      setPageNo(page)
      setState('ready')
    } catch {
      if (mine === seq.current) setState('error')
    }
  }

  useEffect(() => {
    if (token) void load(filter, 1)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new filter starts again at page 1
  }, [filter, token])

  const filters: Filter[] = ['all', ...ORDER_STATUS_GROUPS, 'company']
  const label = (f: Filter) => (f === 'all' ? t('eventday.orders.all') : f === 'company' ? t('eventday.orders.company') : t(`eventday.orders.groups.${f}`))

  return (
    <View className='order-list'>
      <View className='order-list__filters' role='tablist'>
        {filters.map((f) => (
          <View key={f} role='tab' aria-selected={f === filter} className={`ed-chip ${f === filter ? 'ed-chip--on' : ''}`} onClick={() => setFilter(f)}>
            {label(f)}
          </View>
        ))}
      </View>
      {state === 'error' && rows.length === 0 && <Notice text={t('eventday.orders.loadFailed')} action={{ label: t('common.retry'), onClick: () => void load(filter, 1) }} />}
      {state === 'ready' && rows.length === 0 && <Text className='ed-muted order-list__empty'>{t('eventday.orders.empty')}</Text>}
      {rows.map((o) => (
        <View
          key={`${o.kind}-${o.orderNo}`}
          role='link'
          className={`ed-card order-list__row order-list__row--${o.statusGroup}`}
          onClick={() => {
            const page = orderPageOf(o)
            void navigateTo(page.route, page.query)
          }}
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
        (rows.length < total ? (
          <AtButton className='order-list__more' loading={state === 'loading'} onClick={() => void load(filter, pageNo + 1)}>
            {t('eventday.orders.more')}
          </AtButton>
        ) : (
          <Text className='ed-muted order-list__end'>{t('eventday.orders.noMore')}</Text>
        ))}
    </View>
  )
}
