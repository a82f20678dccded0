/**
 * An order, change or refund page (train and air) opened for an order that is not there (another
 * attendee's, removed, a mistyped address) says so and offers the way to My orders, not only
 * "could not be loaded" with a retry that can never succeed.
 */
import { TextEncoder } from 'util'
import { fireEvent, render } from '@testing-library/react'
import { getChange, getTrainOrderInfo } from '@contracts/calls/train'
import { findOrderDetails } from '@contracts/calls/flight'
import TrainOrderDetailsPage from '@/pages/trainTicket/orderDetailsPage/index'
import TrainChangePage from '@/pages/trainTicket/ticketChangesPage/index'
import TrainChangeResultPage from '@/pages/trainTicket/succeededInreSigning/index'
import AirOrderDetailsPage from '@/pages/airTicket/airOrderDetails/index'
import AirChangePage from '@/pages/airTicket/ticketChanging/index'
import AirRefundPage from '@/pages/airTicket/dishonoredBill/index'
import { switchLanguage } from '@/lib/i18n'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { eventually, fail, serve } from '../support/fakeServer'
import { q, setUpTrainAftersalesPages } from './trainAftersalesSupport'

;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder
jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainAftersalesPages()

const MISSING = () => fail('ESYS0004', '记录不存在或无权访问')
const PAGES: Array<[string, () => JSX.Element]> = [
  ['train order details', () => <TrainOrderDetailsPage />],
  ['train change', () => <TrainChangePage />],
  ['air order details', () => <AirOrderDetailsPage />],
  ['air change', () => <AirChangePage />],
  ['air refund', () => <AirRefundPage />],
]

describe('an order that is not there', () => {
  it.each(PAGES)('%s: "订单不存在" and a way to My orders', async (_page, page) => {
    serve({ [getTrainOrderInfo.path]: MISSING, [findOrderDetails.path]: MISSING })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '999' })
    render(page())
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('订单不存在'))
    const action = q('.notice__action')
    expect(action?.textContent).toBe('我的订单')
    fireEvent.click(action as Element)
    await eventually(() => expect(String(taro.redirectTo.mock.calls.at(-1)?.[0]?.url)).toContain('/myOrder/index'))
  })

  it.each(PAGES)('%s: an address without an order id says the same', async (_page, page) => {
    setRouterParams({ ehc: 'demo', ec: 'E1' })
    render(page())
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('订单不存在'))
  })

  it('train change result: a change that is not there, or an address without one, says so too', async () => {
    serve({ [getChange.path]: MISSING })
    setRouterParams({ ehc: 'demo', ec: 'E1', changeId: '999' })
    const first = render(<TrainChangeResultPage />)
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('订单不存在'))
    expect(q('.notice__action')?.textContent).toBe('我的订单')
    first.unmount()
    setRouterParams({ ehc: 'demo', ec: 'E1' })
    render(<TrainChangeResultPage />)
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('订单不存在'))
  })

  it('in English', async () => {
    await switchLanguage('en')
    serve({ [findOrderDetails.path]: MISSING })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '999' })
    render(<AirOrderDetailsPage />)
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('This order does not exist'))
    expect(q('.notice__action')?.textContent).toBe('My orders')
  })

  it('a failure that is not "missing" still offers a retry', async () => {
    serve({ [getTrainOrderInfo.path]: () => fail('ESYS0001', '系统繁忙') })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainOrderDetailsPage />)
    await eventually(() => expect(q('.notice__action')?.textContent).toBe('重试'))
    expect(q('.notice__text')?.textContent).not.toBe('订单不存在')
  })
})
