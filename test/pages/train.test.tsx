/**
 * The train pages against a fake server: the results (300 trains in a virtual list, filters,
 * sorting, the empty state of spec §8), the countdown to the server's deadline and the overdue
 * state, the traveller form (documents checked as in registration) and the railway login (spec §5
 * messages, back where the attendee was). The reservation: train.reservation.test.tsx.
 */
import { fireEvent, render } from '@testing-library/react'
import {
  getTrainOrderInfo,
  listTravellers,
  loginRailway,
  queryTrainTicket,
  saveTraveller,
  type TrainOffer,
  type TrainOrderView,
  type Traveller,
} from '@contracts/calls/train'
import { compactTrainList } from '@contracts/train-list'
import TrainSearchListPage from '@/pages/trainTicket/searchTicketList/index'
import TrainToBePaidPage from '@/pages/trainTicket/tobePaid/index'
import TrainEditPassengersPage from '@/pages/trainTicket/editOrAddPassengers/index'
import TrainLoginPage from '@/pages/trainTicket/trainTicketLogin/index'
import { appState } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { bodiesTo, eventually, fail, ok, serve, toasts, urls, useFakeClock } from '../support/fakeServer'
import { BJ, SH, ORDER as ISSUED_ORDER } from '../features/train/orderFixtures'
import { NOW, TRAINS, all, field, q, texts, train, typeInto, setUpTrainPageServer } from './trainSupport'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

setUpTrainPageServer()

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
    expect(taro.navigateTo.mock.calls[0][0].url).toMatch(
      /^\/pages\/trainTicket\/ticketDetails\/index\?ehc=demo&ec=E1&trainCode=code-\d+&date=2026-12-01&from=AOH&to=VNP&sfrom=AOH&sto=VNP$/,
    )
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
  const SAVED: Traveller = {
    id: 3,
    name: '张三',
    documentType: 'idCard',
    documentNumber: '11010519491231002X',
    passengerType: 'adult',
    mobile: '13800138000',
    auditStatus: 'pending',
    addedAt: NOW,
    birthDate: '1949-12-31',
  }
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
    expect(bodiesTo(saveTraveller.path)[0]).toMatchObject({
      name: '张三',
      documentType: 'idCard',
      documentNumber: '11010519491231002X',
      passengerType: 'child',
      mobile: '13800138000',
    })
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
    await eventually(() =>
      expect(taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/trainTicket/searchTicketList/index?ehc=demo&ec=E1&from=AOH&to=VNP&date=2026-12-01' }),
    )
    expect(bodiesTo(loginRailway.path)[0]).toMatchObject({ account: 'demo12306', password: 'Rail@2026', agreed: true })
  })
})
