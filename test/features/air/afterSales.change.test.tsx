/**
 * ticketChanging (change) against a fake server: the rebook list with fee and fare difference, a
 * change to pay by the company, undo, and a change to a cheaper fare. Fixtures and the fake
 * server: ./afterSalesSupport.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { confirmChangeOrder, createChangeOrderPay, findOrderDetails, findRebookList, ticketCancelChange, ticketChange } from '@contracts/calls/flight'
import ChangePage from '@/pages/airTicket/ticketChanging/index'
import { useAppStore } from '@/store'
import { taro } from '../../support/taroComponentMock'
import { bodiesTo, eventually, ok, realDelay, serve, toasts } from '../../support/fakeServer'
import { order } from './fixtures'
import { CHANGE, NEW_FLIGHT, TICKETED, TO_PAY, click, problems, rebookCabin, settle, setUpAfterSalesServer } from './afterSalesSupport'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

setUpAfterSalesServer()

describe('ticketChanging (change)', () => {
  it('asks for what is missing, lists the flights of the new date with fee and fare difference, and holds the change', async () => {
    serve({
      [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [rebookCabin(6200, 6000)] }] }),
      [ticketChange.path]: () => ok(TO_PAY),
    })
    render(<ChangePage />)
    await screen.findByText('改签乘机人')
    click('提交改签')
    expect(problems()).toEqual(['请选择航段', '请选择改签人', '请选择改签类型', '请选择改签原因', '请选择新日期'])
    expect(bodiesTo(ticketChange.path)).toHaveLength(0)
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    click('12月2日 周三')
    await eventually(() => expect(bodiesTo(findRebookList.path)).toHaveLength(1))
    expect(bodiesTo(findRebookList.path)[0]).toMatchObject({ orderId: 41, passengerIds: [1], date: '2026-12-02', type: 'voluntary' })
    await screen.findByText('改签费 ¥62 · 差额 ¥60')
    click('提交改签')
    expect(toasts().at(-1)).toBe('请选择新航程')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(document.body.querySelector('.air-change-cost__fee')?.textContent).toBe('¥62')
    expect(document.body.querySelector('.air-change-cost__diff')?.textContent).toBe('¥60')
    expect(document.body.querySelector('.air-change-cost__amount')?.textContent).toBe('¥122')
    click('提交改签')
    await eventually(() => expect(bodiesTo(ticketChange.path)).toHaveLength(1))
    expect(bodiesTo(ticketChange.path)[0]).toMatchObject({
      orderId: 41,
      passengerIds: [1],
      type: 'voluntary',
      cause: 'planChanged',
      flight: { date: '2026-12-02', flightNo: 'MU5105', depAirport: 'SHA', arrAirport: 'PEK' },
      cabinCode: 'B',
      expectedDueFen: 12200,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    })
    // money due: the same page goes on to paying the change
    await screen.findByText('支付改签费用')
    expect(screen.getByText('改签单 AC20261123000009')).toBeTruthy()
  })

  it('the company pays the change, then the order page', async () => {
    serve({ [findOrderDetails.path]: () => ok(TO_PAY), [confirmChangeOrder.path]: () => ok(order({ ...TO_PAY, status: 'changing', actions: [] })) })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    click('公司支付 ¥122')
    await eventually(() => expect(bodiesTo(confirmChangeOrder.path)).toHaveLength(1))
    expect(bodiesTo(confirmChangeOrder.path)[0]).toMatchObject({ orderId: 41, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) })
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airOrderDetails/index?ehc=demo&ec=E1&orderId=41')
  })

  it("WeChat Pay of the change: a QR code here, then the server's word that it is paid", async () => {
    let paid = false
    serve({
      [findOrderDetails.path]: () =>
        ok(
          paid
            ? order({ ...TO_PAY, status: 'changing', actions: [], changes: [{ ...CHANGE, state: 'processing', paidBy: 'wechat' }] })
            : { ...TO_PAY, changePayMethods: ['wechat'] },
        ),
      [createChangeOrderPay.path]: () =>
        ok({
          paymentNo: 'P1',
          tradeType: 'NATIVE',
          amountFen: 12200,
          expiresAt: '2026-11-23T10:30:00+08:00',
          jsapi: null,
          codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
        }),
    })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    expect(document.body.querySelector('.pay-panel__button--company')).toBeNull()
    fireEvent.click(document.body.querySelector('.pay-panel__button--wechat') as Element)
    await eventually(() => expect(bodiesTo(createChangeOrderPay.path)).toHaveLength(1))
    expect(bodiesTo(createChangeOrderPay.path)[0]).toMatchObject({
      orderId: 41,
      tradeType: 'NATIVE',
      wxCode: '',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
    })
    // while the code is scanned the undo waits: one change is not paid and undone at once
    await eventually(() => expect(document.body.querySelector('.air-change-pay__undo.at-button--disabled')).toBeTruthy())
    paid = true
    for (let i = 0; i < 4 && !taro.redirectTo.mock.calls.length; i++) {
      await act(async () => void jest.advanceTimersByTime(2000))
      await realDelay()
    }
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airOrderDetails/index?ehc=demo&ec=E1&orderId=41')
    expect(toasts()).toContain('改签费用已支付，航空公司正在办理改签')
  })

  it('an unpaid change is undone after asking', async () => {
    serve({ [findOrderDetails.path]: () => ok(TO_PAY), [ticketCancelChange.path]: () => ok(TICKETED) })
    render(<ChangePage />)
    await screen.findByText('支付改签费用')
    click('取消改签')
    await eventually(() => expect(bodiesTo(ticketCancelChange.path)).toEqual([expect.objectContaining({ orderId: 41 })]))
    expect(toasts()).toContain('改签已取消')
  })
})

describe('ticketChanging to a cheaper fare', () => {
  // old fare ¥1,240, new ¥1,000, change fee ¥62: ¥178 back, nothing to pay
  const CHEAPER = { ...rebookCabin(6200, 0), adultFareFen: 100000, dueFen: 0, backFen: 17800 }
  const choose = async () => {
    render(<ChangePage />)
    await screen.findByText('改签乘机人')
    click('MU5101 上海→北京')
    click('张三')
    click('自愿')
    click('行程变更')
    click('12月2日 周三')
  }

  it('shows what comes back before the attendee confirms, and sends nothing to pay', async () => {
    serve({
      [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [CHEAPER] }] }),
      [ticketChange.path]: () => ok(order({ ...TICKETED, status: 'changing', actions: [] })),
    })
    await choose()
    // on the list: what comes back instead of what is due
    expect((await screen.findByText('退 ¥178')).className).toContain('is-back')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(document.body.querySelector('.air-change-cost__amount')?.textContent).toBe('无需支付')
    expect(document.body.querySelector('.air-change-cost__back')?.textContent).toBe('¥178')
    expect(screen.getByText('新票价低于原票价，差价扣除改签费后，在航空公司确认改签后原路退回')).toBeTruthy()
    expect(Array.from(document.body.querySelectorAll('.air-bottombar__amount')).map((n) => n.textContent)).toContain('¥178')
    click('提交改签')
    await eventually(() => expect(bodiesTo(ticketChange.path)).toHaveLength(1))
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toBe('确认为1位乘机人改签到MU5105 12月2日 周三 14:00？无需支付，改签成功后退还差价¥178。')
    expect(bodiesTo(ticketChange.path)[0]).toMatchObject({ cabinCode: 'B', expectedDueFen: 0, expectedBackFen: 17800 })
  })

  it('in English too; declining the question sends nothing', async () => {
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    serve({ [findRebookList.path]: () => ok({ changeAllowed: true, flights: [{ flight: NEW_FLIGHT, cabins: [CHEAPER] }] }) })
    act(() => useAppStore.setState({ language: 'en' }))
    render(<ChangePage />)
    await screen.findByText('Passengers to change')
    fireEvent.click(screen.getByText(/^MU5101 /))
    click('张三')
    click('Voluntary')
    click('Plans changed')
    fireEvent.click(screen.getByText(/Wed/))
    await screen.findByText('¥178 back')
    fireEvent.click(document.body.querySelector('.air-rebook__cabin') as Element)
    expect(screen.getByText('Amount back', { selector: '.air-change-cost__due *, .air-change-cost__due' })).toBeTruthy()
    expect(document.body.querySelector('.air-change-cost__back')?.textContent).toBe('¥178')
    fireEvent.click(screen.getByText('Request change'))
    await eventually(() => expect(taro.showModal).toHaveBeenCalled())
    expect(taro.showModal.mock.calls.at(-1)?.[0].content).toMatch(
      /^Change 1 passenger\(s\) to MU5105 .+\? Nothing to pay; ¥178 comes back once the change is done\.$/,
    )
    await settle()
    expect(bodiesTo(ticketChange.path)).toHaveLength(0)
  })
})
