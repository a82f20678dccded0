/**
 * The train pages against a fake server: the results (300 trains in a virtual list, filters,
 * sorting, the empty state of spec §8), the countdown to the server's deadline and the overdue
 * state, the traveller form (documents checked as in registration), the railway login (spec §5
 * messages, back where the attendee was), and the reservation (spec §5 checks, exactly-once save,
 * sold out → grab).
 */
import { fireEvent, render } from '@testing-library/react'
import {
  getPreSaleDay,
  getTrainOrderInfo,
  listTravellers,
  loginRailway,
  queryTrainTicket,
  saveGrabRequest,
  saveTraveller,
  saveTrainOrder,
  type PreSaleDays,
  type SeatOffer,
  type TrainOffer,
  type TrainOrderView,
  type Traveller,
} from '@contracts/calls/train'
import { getTravelStandard, trainOrderVerify } from '@contracts/calls/travel'
import { compactTrainList } from '@contracts/train-list'
import type { TrainType } from '@contracts/train'
import TrainSearchListPage from '@/pages/trainTicket/searchTicketList/index'
import TrainToBePaidPage from '@/pages/trainTicket/tobePaid/index'
import TrainEditPassengersPage from '@/pages/trainTicket/editOrAddPassengers/index'
import TrainLoginPage from '@/pages/trainTicket/trainTicketLogin/index'
import TrainOneWayReservationPage from '@/pages/trainTicket/oneWayReservation/index'
import { appState, useAppStore } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { USER, bodiesTo, eventually, fail, ok, realDelay, serve, toasts, urls, useFakeClock } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'
import { BJ, SH, ORDER as ISSUED_ORDER } from '../features/train/orderFixtures'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const NOW = '2026-11-22T10:00:00+08:00'
const PRESALE: PreSaleDays = {
  today: '2026-11-22',
  lastDate: '2026-12-06',
  preSaleDays: 15,
  saleOpens: '05:00',
  saleCloses: '23:00',
  onSaleNow: true,
  childRule: 'height',
  payMinutes: 20,
  serverNow: NOW,
}
const seat = (seatType: SeatOffer['seatType'], priceFen: number, left: number): SeatOffer => ({ seatType, priceFen, childPriceFen: Math.round(priceFen / 2), left, withinPolicy: seatType === 'second' })
const TYPES: TrainType[] = ['G', 'D', 'K', 'Z', 'T', 'C']
function train(i: number, v: Partial<TrainOffer> = {}): TrainOffer {
  const trainType = v.trainType ?? TYPES[i % TYPES.length]
  const h = String(Math.floor((i * 7) % 24)).padStart(2, '0')
  const m = String((i * 13) % 60).padStart(2, '0')
  return {
    trainCode: `code-${i}`,
    trainNo: `${trainType}${100 + i}`,
    trainType,
    from: SH,
    to: BJ,
    origin: SH,
    terminus: BJ,
    date: '2026-12-01',
    departTime: `${h}:${m}`,
    arriveTime: '23:00',
    departAt: `2026-12-01T${h}:${m}:00+08:00`,
    arriveAt: '2026-12-01T23:00:00+08:00',
    arriveDayOffset: 0,
    durationMinutes: 300 + ((i * 37) % 400),
    distanceKm: 1318,
    fromIsOrigin: true,
    toIsTerminus: true,
    seats: [seat('second', 50000 + ((i * 991) % 20000), 30), seat('first', 90000, 0)],
    bookable: true,
    ...v,
  }
}
const TRAINS = Array.from({ length: 300 }, (_, i) => train(i))
const q = (s: string) => document.body.querySelector(s)
const all = (s: string) => Array.from(document.body.querySelectorAll(s))
const texts = (s: string) => all(s).map((e) => e.textContent ?? '')

/**
 * types into a Taro Input the way the browser does: an input event on the inner <input>, which
 * the Stencil element renders on an animation frame (real time, whatever jest's clock)
 */
async function typeInto(host: string, value: string): Promise<void> {
  let input: HTMLInputElement | null = null
  for (let i = 0; i < 300 && !(input = document.body.querySelector<HTMLInputElement>(`${host} input`)); i++) await realDelay(10)
  if (!input) throw new Error(`no input in ${host}`)
  fireEvent.input(input, { target: { value } })
}
const field = (name: string) => `.text-field--${name} .text-field__input`

beforeEach(() => {
  freshPageTest({ [getPreSaleDay.path]: () => ok(PRESALE) })
  useAppStore.setState({ token: 'tok', tokenMd5: 'md5', user: USER, eventHashCode: 'demo', eventCode: 'E1' })
})
afterEach(() => jest.useRealTimers())

describe('searchTicketList', () => {
  const open = async (trains: TrainOffer[] = TRAINS) => {
    serve({ [queryTrainTicket.path]: () => ok(compactTrainList({ from: SH, to: BJ, date: '2026-12-01', trains })) })
    setRouterParams({ ehc: 'demo', ec: 'E1', from: 'AOH', to: 'VNP', date: '2026-12-01' })
    render(<TrainSearchListPage />)
    await eventually(() => expect(q('.train-list__count')?.textContent).toBe(`共${trains.length}趟车次`))
  }

  it('asks for the route and date of the address, and draws only a window of 300 trains', async () => {
    await open()
    expect(bodiesTo(queryTrainTicket.path)[0]).toMatchObject({ fromStationCode: 'AOH', toStationCode: 'VNP', date: '2026-12-01' })
    const drawn = all('.train-row').length
    expect(drawn).toBeGreaterThan(3)
    expect(drawn).toBeLessThan(40)
    // departure earliest first
    const times = texts('.train-row__time').filter((_, i) => i % 2 === 0)
    expect([...times].sort()).toEqual(times)
  })

  it('filters G trains and sorts by price; the filters survive nothing else', async () => {
    await open()
    fireEvent.click(q('.train-list__filter') as Element)
    await eventually(() => expect(q('.filter-panel')).not.toBeNull())
    const g = all('.filter-panel__chip--trainTypes').find((e) => e.textContent?.startsWith('G'))
    fireEvent.click(g as Element)
    fireEvent.click(q('.filter-panel__apply') as Element)
    await eventually(() => expect(q('.train-list__count')?.textContent).toBe('共50趟车次'))
    expect(texts('.train-row__no').every((n) => n.startsWith('G'))).toBe(true)
    expect(q('.train-list__filter')?.textContent).toBe('筛选 (1)')

    fireEvent.click(q('.train-list__sort--priceLow') as Element)
    await eventually(() => {
      const prices = texts('.train-row__yuan').map((s) => Number(s.replace('¥', '')))
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
    })
  })

  it('"no trains meeting conditions", with a way to clear the filters', async () => {
    await open([train(0, { trainType: 'K', trainNo: 'K1' })])
    fireEvent.click(q('.train-list__filter') as Element)
    await eventually(() => expect(q('.filter-panel__available')).not.toBeNull())
    // the train leaves at 00:00: the evening window has nothing
    fireEvent.click(all('.filter-panel__chip--departWindows')[3])
    fireEvent.click(q('.filter-panel__apply') as Element)
    await eventually(() => expect(q('.notice__text')?.textContent).toBe('没有符合条件的车次'))
    fireEvent.click(q('.notice__action') as Element)
    await eventually(() => expect(all('.train-row')).toHaveLength(1))
  })

  it('a tap opens the train, which the details page finds in the store', async () => {
    await open()
    fireEvent.click(all('.train-row')[0])
    expect(taro.navigateTo).toHaveBeenCalledTimes(1)
    expect(taro.navigateTo.mock.calls[0][0].url).toMatch(/^\/pages\/trainTicket\/ticketDetails\/index\?ehc=demo&ec=E1&trainCode=code-\d+&date=2026-12-01&from=AOH&to=VNP&sfrom=AOH&sto=VNP$/)
    expect(appState().trainPicked?.trainCode).toMatch(/^code-/)
  })
})

describe('tobePaid', () => {
  // the shared order fixture, unpaid: what this page shows differs from an issued order
  const ORDER = (v: Partial<TrainOrderView> = {}): TrainOrderView =>
    ISSUED_ORDER({
      status: 'toBePaid',
      actions: ['pay', 'cancel'],
      passengers: [],
      amounts: { ticketPriceFen: 55300, ticketFeeFen: 500, serviceChargeFen: 1000, totalFen: 56800 },
      pickupNo: null,
      payDeadline: '2026-11-22T10:20:00+08:00',
      payer: null,
      paidAt: null,
      timeline: [],
      ...v,
    })

  it("counts down to the server's deadline on the server's clock, then shows the order overdue", async () => {
    // the phone is 2 minutes ahead of the server
    useFakeClock('2026-11-22T10:02:00+08:00')
    let order = ORDER()
    serve({ [getTrainOrderInfo.path]: () => ok(order) })
    setRouterParams({ ehc: 'demo', ec: 'E1', orderId: '7' })
    render(<TrainToBePaidPage />)
    await eventually(() => expect(q('.pay-deadline__text')?.textContent).toBe('请在 20:00 内完成支付，超时订单将自动取消'))
    expect(q('.to-be-paid__pay')).not.toBeNull()
    expect(q('.order-amounts__row--total')?.textContent).toBe('应付金额¥568')

    jest.advanceTimersByTime(19 * 60_000 + 59_000)
    await eventually(() => expect(q('.pay-deadline__text')?.textContent).toContain('00:01'))
    jest.advanceTimersByTime(1000)
    await eventually(() => expect(q('.pay-deadline__text')?.textContent).toBe('订单已超过支付时限，已自动取消'))
    expect(q('.to-be-paid__pay')).toBeNull()

    // the page asks until the server has cancelled it, then offers to book the same train again
    order = ORDER({ status: 'overdue', actions: ['rebook'], payDeadline: null })
    const asked = bodiesTo(getTrainOrderInfo.path).length
    jest.advanceTimersByTime(5000)
    await eventually(() => expect(bodiesTo(getTrainOrderInfo.path).length).toBeGreaterThan(asked))
    await eventually(() => expect(q('.to-be-paid__rebook')).not.toBeNull())
    expect(q('.order-summary__status')?.textContent).toBe('支付超时（可重新预订）')
  })
})

describe('editOrAddPassengers (add)', () => {
  const SAVED: Traveller = { id: 3, name: '张三', documentType: 'idCard', documentNumber: '11010519491231002X', passengerType: 'adult', mobile: '13800138000', auditStatus: 'pending', addedAt: NOW, birthDate: '1949-12-31' }
  const type = (name: string, value: string) => typeInto(field(name), value)

  it('refuses a wrong ID number with the message of registration, then saves the corrected one', async () => {
    serve({ [listTravellers.path]: () => ok([]), [saveTraveller.path]: () => ok(SAVED) })
    setRouterParams({ ehc: 'demo', ec: 'E1', mode: 'add' })
    render(<TrainEditPassengersPage />)
    await eventually(() => expect(q('.passenger-form')).not.toBeNull())
    fireEvent.click(q('.passenger-form__save') as Element)
    expect(toasts().at(-1)).toBe('请输入姓名')
    await type('passengerName', '张三')
    await type('passengerDocument', '110105194912310021')
    await type('passengerMobile', '13800138000')
    fireEvent.click(q('.passenger-form__save') as Element)
    expect(toasts().at(-1)).toBe('请输入正确的证件号码')
    expect(urls()).not.toContain(saveTraveller.path)

    await type('passengerDocument', '110105 19491231 002x')
    fireEvent.click(q('.passenger-form__type--child') as Element)
    fireEvent.click(q('.passenger-form__save') as Element)
    await eventually(() => expect(bodiesTo(saveTraveller.path)).toHaveLength(1))
    expect(bodiesTo(saveTraveller.path)[0]).toMatchObject({ name: '张三', documentType: 'idCard', documentNumber: '11010519491231002X', passengerType: 'child', mobile: '13800138000' })
    await eventually(() => expect(taro.reLaunch.mock.calls.length + taro.navigateBack.mock.calls.length).toBe(1))
  })

  it('keeps what was typed when the server refuses it', async () => {
    serve({ [listTravellers.path]: () => ok([]), [saveTraveller.path]: () => fail('ETRAIN1010', '该证件已添加') })
    setRouterParams({ ehc: 'demo', ec: 'E1', mode: 'add' })
    render(<TrainEditPassengersPage />)
    await eventually(() => expect(q('.passenger-form')).not.toBeNull())
    await type('passengerName', '张三')
    await type('passengerDocument', '11010519491231002X')
    await type('passengerMobile', '13800138000')
    fireEvent.click(q('.passenger-form__save') as Element)
    await eventually(() => expect(toasts()).toContain('该证件已添加'))
    expect((q(field('passengerName')) as unknown as { value: string }).value).toBe('张三')
    expect(taro.navigateBack).not.toHaveBeenCalled()
  })
})

describe('trainTicketLogin', () => {
  it('spec §5 messages, then back to the page the railway timeout came from', async () => {
    serve({ [loginRailway.path]: () => ok({ loggedIn: true, account: 'de***06', expiresAt: NOW }) })
    setRouterParams({ ehc: 'demo', ec: 'E1', back: 'trainSearchTicketList', backQuery: 'from=AOH&to=VNP&date=2026-12-01' })
    render(<TrainLoginPage />)
    await eventually(() => expect(q('.railway-login')).not.toBeNull())
    fireEvent.click(q('.railway-login__submit') as Element)
    expect(toasts().at(-1)).toBe('请输入账号和密码')
    await typeInto(field('railwayAccount'), 'demo12306')
    await typeInto(field('railwayPassword'), 'Rail@2026')
    fireEvent.click(q('.railway-login__submit') as Element)
    expect(toasts().at(-1)).toBe('请勾选账号授权协议')
    expect(urls()).not.toContain(loginRailway.path)
    fireEvent.click(q('.agree-check__box') as Element)
    fireEvent.click(q('.railway-login__submit') as Element)
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/searchTicketList/index?ehc=demo&ec=E1&from=AOH&to=VNP&date=2026-12-01' }))
    expect(bodiesTo(loginRailway.path)[0]).toMatchObject({ account: 'demo12306', password: 'Rail@2026', agreed: true })
  })
})

describe('oneWayReservation', () => {
  const ADULT: Traveller = { id: 1, name: '张三', documentType: 'idCard', documentNumber: '11010519491231002X', passengerType: 'adult', mobile: '13800138000', auditStatus: 'passed', addedAt: NOW, birthDate: '1949-12-31' }
  const CHILD: Traveller = { ...ADULT, id: 2, name: '张小明', passengerType: 'child', documentNumber: '110105201601010017', birthDate: '2016-01-01' }
  const G1 = train(0, { trainType: 'G', trainNo: 'G1', trainCode: 'code-g1', seats: [seat('second', 55300, 5)] })
  const open = async (orderAnswer: () => ReturnType<typeof ok>) => {
    serve({
      [queryTrainTicket.path]: () => ok(compactTrainList({ from: SH, to: BJ, date: '2026-12-01', trains: [G1] })),
      [listTravellers.path]: () => ok([ADULT, CHILD]),
      [getTravelStandard.path]: () => ok({ overPolicy: 'reason', train: { seatsByTrainType: { G: ['second'] } }, flight: { cabinClasses: [], maxDiscountPercent: null, maxPriceFen: null }, payers: ['company'] }),
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
    // the draft is done with: what shows now (the page is leaving) is a new one, with a new key
    expect(appState().trainDraft?.passengers ?? []).toEqual([])
    expect(appState().trainDraft?.idempotencyKey).not.toBe(body.idempotencyKey)
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
    const SOLD_OUT_G = train(0, { trainType: 'G', trainNo: 'G1', trainCode: 'code-g1', seats: [seat('business', 170000, 3), seat('first', 93300, 0), seat('second', 55300, 0)] })
    const openGrab = async (overPolicy: 'reason' | 'block') => {
      serve({
        [queryTrainTicket.path]: () => ok(compactTrainList({ from: SH, to: BJ, date: '2026-12-01', trains: [SOLD_OUT_G] })),
        [listTravellers.path]: () => ok([ADULT, CHILD]),
        [getTravelStandard.path]: () => ok({ overPolicy, train: { seatsByTrainType: { G: ['second'] } }, flight: { cabinClasses: [], maxDiscountPercent: null, maxPriceFen: null }, payers: ['company'] }),
        [trainOrderVerify.path]: () => ok({ withinPolicy: true, overPolicy, breaches: [] }),
        [saveGrabRequest.path]: () => ok({ id: 9 }),
      })
      setRouterParams({ ehc: 'demo', ec: 'E1', trainCode: 'code-g1', date: '2026-12-01', from: 'AOH', to: 'VNP', seat: 'second', grab: '1' })
      render(<TrainOneWayReservationPage />)
      await eventually(() => expect(all('.reservation__traveller')).toHaveLength(2))
    }
    const classes = () => all('.reservation__grab-class').map((n) => [n.querySelector('.reservation__grab-rank')?.textContent, n.querySelector('.reservation__grab-name')?.textContent])

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
