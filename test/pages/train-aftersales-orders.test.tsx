/**
 * The train order list and the rebook of an overdue order against a fake server: My orders (the
 * labels of spec §4, the buttons each status allows, the status filter, paging, remove), and the
 * overdue order's page opening the reservation again with its travellers. Set-up:
 * ./trainAftersalesSupport.
 */
import { fireEvent, render } from '@testing-library/react'
import { pageOrders, type OrderSummary } from '@contracts/calls/orders'
import { getTrainOrderInfo, removeTrainOrder } from '@contracts/calls/train'
import { TRAIN_ORDER_STATUS } from '@contracts/order-status'
import TrainMyOrderPage from '@/pages/trainTicket/myOrder/index'
import TrainPaymentOverduePage from '@/pages/trainTicket/paymentOverduePage/index'
import { appState } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { bodiesTo, eventually, ok, serve } from '../support/fakeServer'
import { NOW, ORDER } from '../features/train/orderFixtures'
import { all, q, setUpTrainAftersalesPages, texts } from './trainAftersalesSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

/** a row of My orders in the given status */
const row = (orderId: number, status: keyof typeof TRAIN_ORDER_STATUS): OrderSummary => ({
  kind: 'train',
  orderNo: `T${orderId}`,
  orderId,
  title: '上海虹桥 → 北京南 G101',
  departAt: '2026-12-01T08:00:00+08:00',
  statusGroup: TRAIN_ORDER_STATUS[status].group,
  status,
  statusLabel: TRAIN_ORDER_STATUS[status].zh,
  amountFen: 56800,
  payer: 'company',
  createdAt: NOW,
})

setUpTrainAftersalesPages()

describe('myOrder', () => {
  it('lists the train orders with their spec §4 labels and only the buttons each status allows; removes an ended one', async () => {
    const list = [row(1, 'toBePaid'), row(2, 'overdue'), row(3, 'issued'), row(4, 'refunded')]
    serve({
      [pageOrders.path]: () => ok({ total: list.length, pageNo: 1, pageSize: 20, list }),
      [removeTrainOrder.path]: (b) => ok({ orderId: b.orderId, removed: true }),
    })
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    render(<TrainMyOrderPage />)
    await eventually(() => expect(all('.my-orders__row')).toHaveLength(4))
    expect(bodiesTo(pageOrders.path)[0]).toMatchObject({ pageNo: 1, kind: 'train' })
    expect(texts('.my-orders__status')).toEqual(['待支付', '支付超时（可重新预订）', '已出票', '已退票'])
    const buttons = all('.my-orders__row').map((r) => Array.from(r.querySelectorAll('.my-orders__action')).map((b) => b.textContent))
    expect(buttons).toEqual([['去支付'], ['重新预订', '删除订单'], [], ['删除订单']])
    expect(q('.my-orders__end')?.textContent).toBe('没有更多了')

    fireEvent.click(all('.my-orders__row')[3].querySelector('.my-orders__action--remove') as Element)
    await eventually(() => expect(all('.my-orders__row')).toHaveLength(3))
    expect(bodiesTo(removeTrainOrder.path)).toEqual([expect.objectContaining({ orderId: 4 })])

    fireEvent.click(all('.my-orders__row')[2])
    expect(taro.navigateTo.mock.calls.at(-1)?.[0].url).toMatch(/^\/pages\/trainTicket\/orderDetailsPage\/index\?.*orderId=3/)
  })

  it('filters by status group from page 1, and loads the next page at the end', async () => {
    serve({
      [pageOrders.path]: (b) => {
        const page = Number(b.pageNo)
        const list = Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => row((page - 1) * 20 + i + 1, 'issued'))
        return ok({ total: 25, pageNo: page, pageSize: 20, list })
      },
    })
    render(<TrainMyOrderPage />)
    await eventually(() => expect(q('.my-orders__more')).not.toBeNull())
    fireEvent.click(q('.my-orders__more') as Element)
    await eventually(() => expect(bodiesTo(pageOrders.path).at(-1)).toMatchObject({ pageNo: 2 }))
    await eventually(() => expect(q('.my-orders__end')).not.toBeNull())
    fireEvent.click(all('.my-orders__chip')[4])
    await eventually(() => expect(bodiesTo(pageOrders.path).at(-1)).toMatchObject({ pageNo: 1, kind: 'train', statusGroup: 'refund' }))
  })
})

describe('paymentOverduePage', () => {
  it('rebooks the same train in one tap: the reservation opens with the travellers and contact filled in', async () => {
    serve({ [getTrainOrderInfo.path]: () => ok(ORDER({ status: 'overdue', actions: ['rebook', 'remove'], pickupNo: null, payer: null, paidAt: null })) })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainPaymentOverduePage />)
    await eventually(() => expect(q('.payment-overdue__rebook')).not.toBeNull())
    fireEvent.click(q('.payment-overdue__rebook') as Element)
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toMatch(
      /^\/pages\/trainTicket\/oneWayReservation\/index\?.*trainCode=code-1&date=2026-12-01&from=AOH&to=VNP&seat=second/,
    )
    const draft = appState().trainDraft
    expect(draft?.key).toBe('code-1|2026-12-01|AOH|VNP|second')
    expect(draft?.passengers.map((p) => p.travellerId)).toEqual([10, 20])
    expect(draft).toMatchObject({ contactName: '张三', contactMobile: '13800138000', agreed: false })
  })
})
