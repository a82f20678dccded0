import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import { ORDER_STATUS_GROUPS, type OrderStatusGroup, type OrderSummary } from '@contracts/calls/orders'
import type { TrainOrderStatus } from '@contracts/train'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { RequestError } from '@/lib/request'
import { navigateTo } from '@/lib/router/navigate'
import { usePagedList } from '@/lib/usePagedList'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { VirtualList } from '@/ui/VirtualList'
import { fetchTrainOrderPage } from '../api/after-sales'
import { removeOrder } from '../api/after-sales'
import { useShownAgain } from '../hooks/useShownAgain'
import { listActionsOf, trainOrderPageOf, type ListAction } from '../model/after-sales'
import { formatYuan, wallClockOf } from '../model/format'
import { pressable } from '@/ui/pressable'
import './fill.scss'
import './MyOrders.scss'

const PAGE_SIZE = 20
/** a row's height in MyOrders.scss (design px): the virtual list needs one fixed height */
const ROW_HEIGHT = 232
type Filter = 'all' | OrderStatusGroup

/**
 * myOrder: the attendee's train orders, newest first, paged ("load more" at the end of a virtual
 * list), filtered by status group; each row with its spec §4 label and the buttons its status
 * allows (pay, rebook, remove an ended order). A row opens the order.
 */
export function MyOrders() {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token)
  const [filter, setFilter] = useState<Filter>('all')
  const orders = usePagedList<OrderSummary>(token ? filter : null, (page) => fetchTrainOrderPage(page, PAGE_SIZE, filter === 'all' ? undefined : filter))
  const { rows, state } = orders
  // back from an order (paid, cancelled, refunded there): the first page again
  useShownAgain(orders.reload)

  const open = (o: OrderSummary) => void navigateTo(trainOrderPageOf(o.status), { orderId: o.orderId })
  const act = async (o: OrderSummary, a: ListAction) => {
    // a change's difference and a rebook of a failed or canceled order start on the order's own page
    if (a === 'pay') return void navigateTo(o.status === 'toBePaid' ? 'trainPayment' : 'trainOrderDetails', { orderId: o.orderId })
    if (a === 'rebook') return void navigateTo(o.status === 'overdue' ? 'trainPaymentOverdue' : 'trainOrderDetails', { orderId: o.orderId })
    if (!(await confirm({ content: t('train.orders.removeConfirm') }))) return
    try {
      await removeOrder(o.orderId)
      toast(t('train.orders.removed'))
      orders.drop((r) => r.orderId === o.orderId)
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    }
  }

  const filters: Filter[] = ['all', ...ORDER_STATUS_GROUPS]
  const footer =
    rows.length === 0 ? null : orders.hasMore ? (
      <Button className='my-orders__more' loading={state === 'loading'} onClick={orders.more}>
        {t('train.orders.more')}
      </Button>
    ) : (
      <Text className='my-orders__end'>{t('train.orders.noMore')}</Text>
    )

  return (
    <View className='my-orders'>
      <View className='my-orders__filters' role='tablist'>
        {filters.map((f) => (
          <View
            key={f}
            className={`my-orders__chip ${f === filter ? 'is-on' : ''}`}
            {...pressable(() => setFilter(f), { role: 'tab', selected: f === filter })}
          >
            {t(`train.orders.filter.${f}`)}
          </View>
        ))}
      </View>
      {state === 'error' && rows.length === 0 && <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: orders.reload }} />}
      {state === 'ready' && rows.length === 0 && (
        <Notice text={t('train.orders.empty')} action={{ label: t('train.orders.book'), onClick: () => void navigateTo('trainHome') }} />
      )}
      {rows.length > 0 && (
        <VirtualList
          className='my-orders__list'
          items={rows}
          rowHeight={ROW_HEIGHT}
          keyOf={(o) => o.orderNo}
          resetKey={filter}
          footer={footer}
          renderRow={(o) => <OrderRow order={o} onOpen={open} onAction={(a) => void act(o, a)} />}
        />
      )}
    </View>
  )
}

function OrderRow({ order: o, onOpen, onAction }: { order: OrderSummary; onOpen: (o: OrderSummary) => void; onAction: (a: ListAction) => void }) {
  const { t } = useI18n()
  const actions = listActionsOf(o.status as TrainOrderStatus)
  return (
    <View className={`my-orders__row my-orders__row--${o.statusGroup}`} {...pressable(() => onOpen(o), { role: 'link' })}>
      <View className='my-orders__head'>
        <Text className='my-orders__no'>{o.orderNo}</Text>
        <Text className={`my-orders__status my-orders__status--${o.status}`}>{o.statusLabel}</Text>
      </View>
      <Text className='my-orders__title'>{o.title}</Text>
      <View className='my-orders__foot'>
        <Text className='my-orders__time'>{wallClockOf(o.departAt ?? o.createdAt)}</Text>
        <Text className='my-orders__amount'>¥{formatYuan(o.amountFen)}</Text>
        <View className='my-orders__actions'>
          {actions.map((a) => (
            <Text
              key={a}
              className={`my-orders__action my-orders__action--${a}`}
              {...pressable((e) => {
                e.stopPropagation()
                onAction(a)
              })}
            >
              {t(`train.orders.action.${a}`)}
            </Text>
          ))}
        </View>
      </View>
    </View>
  )
}
