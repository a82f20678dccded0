/**
 * The train reservation page (oneWayReservation) against a fake server: spec §5 checks,
 * exactly-once save, sold out → grab, and a grab of several seat classes. Helpers: ./trainSupport.
 */
import { fireEvent, render } from '@testing-library/react'
import { listTravellers, queryTrainTicket, saveGrabRequest, saveTrainOrder, type Traveller } from '@contracts/calls/train'
import { getTravelStandard, trainOrderVerify } from '@contracts/calls/travel'
import { compactTrainList } from '@contracts/train-list'
import { saveSubscriptions } from '@contracts/calls/notices'
import { DEMO_TEMPLATE_IDS } from '@contracts/subscribe-notices'
import TrainOneWayReservationPage from '@/pages/trainTicket/oneWayReservation/index'
import { appState } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { bodiesTo, eventually, fail, ok, realDelay, serve, toasts, urls } from '../support/fakeServer'
import { BJ, SH } from '../features/train/orderFixtures'
import { NOW, all, field, q, seat, train, typeInto, setUpTrainPageServer } from './trainSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainPageServer()

describe('oneWayReservation', () => {
  const ADULT: Traveller = {
    id: 1,
    name: '张三',
    documentType: 'idCard',
    documentNumber: '11010519491231002X',
    passengerType: 'adult',
    mobile: '13800138000',
    auditStatus: 'passed',
    addedAt: NOW,
    birthDate: '1949-12-31',
  }
  const CHILD: Traveller = { ...ADULT, id: 2, name: '张小明', passengerType: 'child', documentNumber: '110105201601010017', birthDate: '2016-01-01' }
  const G1 = train(0, { trainType: 'G', trainNo: 'G1', trainCode: 'code-g1', seats: [seat('second', 55300, 5)] })
  const open = async (orderAnswer: () => ReturnType<typeof ok>) => {
    serve({
      [queryTrainTicket.path]: () => ok(compactTrainList({ from: SH, to: BJ, date: '2026-12-01', trains: [G1] })),
      [listTravellers.path]: () => ok([ADULT, CHILD]),
      [getTravelStandard.path]: () =>
        ok({
          overPolicy: 'reason',
          train: { seatsByTrainType: { G: ['second'] } },
          flight: { cabinClasses: [], maxDiscountPercent: null, maxPriceFen: null },
          payers: ['company'],
        }),
      [trainOrderVerify.path]: () => ok({ withinPolicy: true, overPolicy: 'reason', breaches: [] }),
      [saveTrainOrder.path]: orderAnswer,
      [saveGrabRequest.path]: () => ok({ id: 9 }),
    })
    setRouterParams({ ehc: 'demo', ec: 'E1', trainCode: 'code-g1', date: '2026-12-01', from: 'AOH', to: 'VNP', seat: 'second' })
    render(<TrainOneWayReservationPage />)
    await eventually(() => expect(all('.reservation__traveller')).toHaveLength(2))
  }
  const pick = (i: number) => fireEvent.click(all('.reservation__pick')[i])

  it('checks in the order of spec §5, sends once with its key, and goes to pay', async () => {
    await open(() => ok({ id: 42 }))
    fireEvent.click(q('.reservation__submit') as Element)
    expect(toasts().at(-1)).toBe('请至少选择一位乘车人')
    pick(1)
    fireEvent.click(q('.reservation__submit') as Element)
    expect(toasts().at(-1)).toBe('儿童不能单独乘车，请同时选择一位成人')
    pick(0)
    fireEvent.click(q('.reservation__submit') as Element)
    expect(toasts().at(-1)).toBe('请填写儿童身高')
    await typeInto('.reservation__height', '130')
    fireEvent.click(q('.reservation__submit') as Element)
    expect(toasts().at(-1)).toBe('请勾选火车票预订协议')
    expect(urls()).not.toContain(saveTrainOrder.path)
    // the fare: an adult and a child ticket
    expect(q('.reservation__total-value')?.textContent).toBe('¥829.50')

    fireEvent.click(q('.agree-check__box') as Element)
    fireEvent.click(q('.reservation__submit') as Element)
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/tobePaid/index?ehc=demo&ec=E1&orderId=42' }))
    const [body] = bodiesTo(saveTrainOrder.path)
    expect(body).toMatchObject({
      trainCode: 'code-g1',
      date: '2026-12-01',
      fromStationCode: 'AOH',
      toStationCode: 'VNP',
      seatType: 'second',
      contactName: '张三',
      contactMobile: '13800138000',
      agreed: true,
      passengers: [
        { travellerId: 2, passengerType: 'child', heightCm: 130 },
        { travellerId: 1, passengerType: 'adult' },
      ],
    })
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    // H5 has no subscription prompt
    expect(taro.requestSubscribeMessage).not.toHaveBeenCalled()
    // the draft is done with: what shows now (the page is leaving) is a new one, with a new key
    expect(appState().trainDraft?.passengers ?? []).toEqual([])
    expect(appState().trainDraft?.idempotencyKey).not.toBe(body.idempotencyKey)
  })

  describe('in the mini-program: the ticket notices (WeChat subscription messages)', () => {
    // the tap as the mini-program runs it (the page itself renders as H5 under jsdom)
    const tapOnWeapp = (el: Element) => {
      process.env.TARO_ENV = 'weapp'
      try {
        fireEvent.click(el)
      } finally {
        process.env.TARO_ENV = 'h5'
      }
    }
    const submitValid = async () => {
      pick(0)
      fireEvent.click(q('.agree-check__box') as Element)
      tapOnWeapp(q('.reservation__submit') as Element)
      // asked in the tap itself, before anything was awaited (WeChat refuses it otherwise) and before the order is sent
      expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: [DEMO_TEMPLATE_IDS.ticketIssued, DEMO_TEMPLATE_IDS.ticketingFailed] })
      expect(urls()).not.toContain(saveTrainOrder.path)
    }

    it.each([
      ['refuses', () => taro.requestSubscribeMessage.mockResolvedValue({ errMsg: 'requestSubscribeMessage:ok', [DEMO_TEMPLATE_IDS.ticketIssued]: 'reject' })],
      ['cannot be asked', () => taro.requestSubscribeMessage.mockRejectedValue({ errMsg: 'requestSubscribeMessage:fail', errCode: 20004 })],
    ])('the attendee %s: the booking goes on, nothing is kept', async (_what, answer) => {
      answer()
      await open(() => ok({ id: 42 }))
      await submitValid()
      await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/tobePaid/index?ehc=demo&ec=E1&orderId=42' }))
      expect(bodiesTo(saveTrainOrder.path)).toHaveLength(1)
      expect(bodiesTo(saveSubscriptions.path)).toHaveLength(0)
    })

    it('accepted: the order is booked, then what was accepted is kept for it', async () => {
      taro.requestSubscribeMessage.mockResolvedValue({
        errMsg: 'requestSubscribeMessage:ok',
        [DEMO_TEMPLATE_IDS.ticketIssued]: 'accept',
        [DEMO_TEMPLATE_IDS.ticketingFailed]: 'accept',
      })
      await open(() => ok({ id: 42 }))
      serve({ [saveSubscriptions.path]: () => ok({ kinds: ['ticketIssued', 'ticketingFailed'] }) })
      await submitValid()
      await eventually(() => expect(bodiesTo(saveSubscriptions.path)).toHaveLength(1))
      expect(bodiesTo(saveSubscriptions.path)[0]).toMatchObject({
        orderKind: 'train',
        orderId: 42,
        moment: 'booking',
        templateIds: [DEMO_TEMPLATE_IDS.ticketIssued, DEMO_TEMPLATE_IDS.ticketingFailed],
        wxCode: 'wx-login-code',
      })
      await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/tobePaid/index?ehc=demo&ec=E1&orderId=42' }))
    })
  })

  it('sold out on submit (ETRAIN1020): offers to grab and leaves a grab request', async () => {
    await open(() => fail('ETRAIN1020', '该席别已无余票'))
    pick(0)
    fireEvent.click(q('.agree-check__box') as Element)
    fireEvent.click(q('.reservation__submit') as Element)
    await eventually(() => expect(bodiesTo(saveGrabRequest.path)).toHaveLength(1))
    expect(taro.showModal.mock.calls[0][0]).toMatchObject({ confirmText: '提交抢票' })
    const grab = bodiesTo(saveGrabRequest.path)[0]
    expect(grab).toMatchObject({ trainCode: 'code-g1', seatTypes: ['second'], passengers: [{ travellerId: 1, passengerType: 'adult' }], agreed: true })
    // a new intent: not the key the refused save used
    expect(grab.idempotencyKey).not.toBe(bodiesTo(saveTrainOrder.path)[0].idempotencyKey)
    await eventually(() => expect(taro.showModal.mock.calls.at(-1)?.[0]).toMatchObject({ content: '抢票已提交，有票时将短信通知您', showCancel: false }))
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/homePage/index?ehc=demo&ec=E1' }))
  })

  describe('a grab of several seat classes', () => {
    // second (tapped) and first are sold out, business still has seats; first is outside the policy
    const SOLD_OUT_G = train(0, {
      trainType: 'G',
      trainNo: 'G1',
      trainCode: 'code-g1',
      seats: [seat('business', 170000, 3), seat('first', 93300, 0), seat('second', 55300, 0)],
    })
    const openGrab = async (overPolicy: 'reason' | 'block', overPolicyReasons: string[] = []) => {
      serve({
        [queryTrainTicket.path]: () => ok(compactTrainList({ from: SH, to: BJ, date: '2026-12-01', trains: [SOLD_OUT_G] })),
        [listTravellers.path]: () => ok([ADULT, CHILD]),
        [getTravelStandard.path]: () =>
          ok({
            overPolicy,
            train: { seatsByTrainType: { G: ['second'] } },
            flight: { cabinClasses: [], maxDiscountPercent: null, maxPriceFen: null },
            payers: ['company'],
            overPolicyReasons,
          }),
        [trainOrderVerify.path]: () => ok({ withinPolicy: true, overPolicy, breaches: [] }),
        [saveGrabRequest.path]: () => ok({ id: 9 }),
      })
      setRouterParams({ ehc: 'demo', ec: 'E1', trainCode: 'code-g1', date: '2026-12-01', from: 'AOH', to: 'VNP', seat: 'second', grab: '1' })
      render(<TrainOneWayReservationPage />)
      await eventually(() => expect(all('.reservation__traveller')).toHaveLength(2))
    }
    const classes = () =>
      all('.reservation__grab-class').map((n) => [
        n.querySelector('.reservation__grab-rank')?.textContent,
        n.querySelector('.reservation__grab-name')?.textContent,
      ])

    it('offers the sold-out classes (the tapped one chosen), sends them in the order tapped, asks the reason a class outside the policy needs', async () => {
      await openGrab('reason')
      // business has seats: booked, not grabbed; first is there with its mark
      expect(classes()).toEqual([
        ['1', '二等座'],
        ['', '一等座'],
      ])
      expect(q('.reservation__grab-outside')?.textContent).toBe('超标')
      fireEvent.click(all('.reservation__grab-class')[1])
      expect(classes()).toEqual([
        ['1', '二等座'],
        ['2', '一等座'],
      ])
      expect(all('.reservation__breach').map((n) => n.textContent)).toEqual(['· 一等座不符合差旅标准'])
      pick(0)
      // the fare of the first choice, said so
      expect(q('.reservation__total-value')?.textContent).toBe('¥553')
      expect(q('.reservation__total-note')?.textContent).toBe('按首选席别计，抢到后以实际席别的订单金额为准')
      fireEvent.click(q('.agree-check__box') as Element)
      fireEvent.click(q('.reservation__submit') as Element)
      expect(toasts().at(-1)).toBe('请填写超标原因')
      await typeInto(field('overPolicyReason'), '会议日程紧')
      fireEvent.click(q('.reservation__submit') as Element)
      await eventually(() => expect(bodiesTo(saveGrabRequest.path)).toHaveLength(1))
      expect(bodiesTo(saveGrabRequest.path)[0]).toMatchObject({ trainCode: 'code-g1', seatTypes: ['second', 'first'], overPolicyReason: '会议日程紧' })
    })

    it("the policy's reasons are offered when a class is outside it: a pick fills the reason that is sent", async () => {
      await openGrab('reason', ['会议日程需要', '身体原因'])
      expect(all('.reason-picks__item')).toHaveLength(0)
      fireEvent.click(all('.reservation__grab-class')[1])
      expect(all('.reason-picks__item').map((n) => n.textContent)).toEqual(['会议日程需要', '身体原因'])
      fireEvent.click(all('.reason-picks__item')[1])
      expect(all('.reason-picks__item.is-on').map((n) => n.textContent)).toEqual(['身体原因'])
      pick(0)
      fireEvent.click(q('.agree-check__box') as Element)
      fireEvent.click(q('.reservation__submit') as Element)
      await eventually(() => expect(bodiesTo(saveGrabRequest.path)).toHaveLength(1))
      expect(bodiesTo(saveGrabRequest.path)[0]).toMatchObject({ seatTypes: ['second', 'first'], overPolicyReason: '身体原因' })
    })

    it('the first choice may be dropped (then the other comes first) but never the last one', async () => {
      await openGrab('reason')
      fireEvent.click(all('.reservation__grab-class')[1])
      fireEvent.click(all('.reservation__grab-class')[0])
      expect(classes()).toEqual([
        ['', '二等座'],
        ['1', '一等座'],
      ])
      fireEvent.click(all('.reservation__grab-class')[1])
      expect(classes()[1]).toEqual(['1', '一等座'])
      pick(0)
      expect(q('.reservation__total-value')?.textContent).toBe('¥933')
      expect(q('.reservation__total-note')?.textContent).toBe('不含服务费，以提交后订单金额为准')
      // the choice lives in the draft: nothing lost on the way to add a traveller
      expect(appState().trainDraft?.grabSeatTypes).toEqual(['first'])
    })

    it('does not offer a class outside the policy when the event refuses such bookings', async () => {
      await openGrab('block')
      expect(classes()).toEqual([['1', '二等座']])
      expect(q('.reservation__grab-hint')?.textContent).toBe('该车次没有其他可抢的席别')
    })
  })

  it('what was typed survives leaving the page (the draft is in the store)', async () => {
    await open(() => ok({ id: 1 }))
    pick(0)
    await typeInto(field('contactName'), '李雷')
    await realDelay()
    const draft = appState().trainDraft
    expect(draft?.passengers.map((p) => p.travellerId)).toEqual([1])
    expect(draft?.contactName).toBe('李雷')
  })
})
