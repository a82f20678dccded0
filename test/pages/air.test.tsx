/**
 * The air pages (src/pages/airTicket) rendered whole against a fake server: the flight list with
 * sort, filters and "no flights found", a cabin to book; the reservation form's spec §5 messages
 * and the booking it sends; paying by company; the ticket page following ticketing.
 */
import { TextEncoder } from 'util'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { listAvailableRange } from '@contracts/calls/travel'
import {
  findAirportList,
  listAirport,
  findCabinsList,
  findFlightList,
  findOrderDetails,
  findSignupContactList,
  payFlightOnBusiness,
  ticketBooking,
} from '@contracts/calls/flight'
import { compactFlightList } from '@contracts/flight-list'
import InquiryPage from '@/pages/airTicket/airTicketInquiry/index'
import OneWayPage from '@/pages/airTicket/oneWayTicket/index'
import ReservationPage from '@/pages/airTicket/airTicketReservation/index'
import PayPage from '@/pages/airTicket/airPayPage/airPayPage'
import TicketPage from '@/pages/airTicket/airTicketDetails/airTicketDetails'
import { useAppStore } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { EVENT, bodiesTo, eventually, ok, realDelay, serve, toasts, useFakeClock } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'
import { CABIN_Y, flight, order } from '../features/air/fixtures'

;(globalThis as { TextEncoder?: unknown }).TextEncoder ??= TextEncoder
jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const NOW = '2026-11-23T10:00:00+08:00'
const FLIGHTS = [
  flight({ flightNo: 'MU5101', depTime: '08:00', lowestFareFen: 98000 }),
  flight({ flightNo: 'CA1502', depTime: '19:30', lowestFareFen: 76000 }),
  flight({ flightNo: 'MU5103', depTime: '13:00', lowestFareFen: null, seatsLeft: 0 }),
]
const CALENDAR = [
  { date: '2026-11-30', lowestFareFen: 80000 },
  { date: '2026-12-01', lowestFareFen: 76000 },
  { date: '2026-12-02', lowestFareFen: null },
]
const ROUTE = { ehc: 'demo', ec: 'E1' }
const FLIGHT_Q = { ...ROUTE, date: '2026-12-01', flightNo: 'MU5101', dep: 'SHA', arr: 'PEK', cabin: 'Y' }

const flightNos = () => Array.from(document.body.querySelectorAll('.air-flight__foot')).map((n) => (n.textContent ?? '').match(/[A-Z]{2}\d+/)?.[0])

beforeEach(() => {
  freshPageTest({
    [getEventByHash.path]: () => ok(EVENT),
    [getEvent.path]: () => ok(EVENT),
    [findFlightList.path]: () => ok(compactFlightList(FLIGHTS, CALENDAR)),
    [findCabinsList.path]: () => ok({ flight: FLIGHTS[0], cabins: [CABIN_Y] }),
    [findSignupContactList.path]: () =>
      ok([
        {
          contactKey: 'self',
          self: true,
          name: '张三',
          documents: [{ documentType: 'idCard', documentNumber: '11010519491231002X' }],
          mobile: '13800138000',
          birthDate: '1949-12-31',
          sex: 'female',
        },
      ]),
  })
  useAppStore.setState({ token: 'tok-1', tokenMd5: 'md5-1', eventHashCode: 'demo', eventCode: 'E1' })
  useFakeClock(NOW)
})
afterEach(() => jest.useRealTimers())

const city = (cityCode: string, cityZh: string, cityEn: string, airports: string[]) => ({
  cityCode,
  cityZh,
  cityEn,
  cityPinyin: cityEn.toLowerCase(),
  countryCode: 'CN',
  hot: true,
  airports: airports.map((code) => ({
    code,
    nameZh: `${cityZh}${code}机场`,
    nameEn: `${cityEn} ${code}`,
    cityCode,
    cityZh,
    cityEn,
    cityPinyin: cityEn.toLowerCase(),
    countryCode: 'CN',
    hot: true,
  })),
})
const SHA = city('SHA', '上海', 'Shanghai', ['PVG', 'SHA'])
const BJS = city('BJS', '北京', 'Beijing', ['PEK', 'PKX'])
const CAN = city('CAN', '广州', 'Guangzhou', ['CAN'])
const XIY = city('XIY', '西安', "Xi'an", ['XIY'])

describe('airTicketInquiry', () => {
  beforeEach(() => {
    serve({
      [listAirport.path]: () => ok([BJS, CAN, SHA, XIY]),
      [findAirportList.path]: (b) => ok([SHA, BJS, CAN, XIY].filter((c) => c.cityZh.includes(String(b.keyword)) || c.cityPinyin.includes(String(b.keyword)))),
      [listAvailableRange.path]: () => ok({ product: 'flight', unrestricted: false, cities: [{ name: '北京', nameEn: 'Beijing' }] }),
    })
  })

  it('picks by search and by hot city, keeps the event range, searches, and remembers it', async () => {
    setRouterParams(ROUTE)
    render(<InquiryPage />)
    await screen.findByText('本次活动的机票须以下列城市之一为出发地或目的地：北京')
    fireEvent.click(screen.getByText('搜索机票'))
    await realDelay()
    expect(toasts().at(-1)).toBe('请选择出发地和目的地')
    // from: typed search (the server is asked once the typing pauses)
    fireEvent.click(document.body.querySelector('.air-inquiry__place--dep') as Element)
    await screen.findByText('热门城市')
    const input = await eventuallyInput()
    fireEvent.input(input, { target: { value: 'shang' } })
    await act(async () => {
      jest.advanceTimersByTime(300)
    })
    await eventually(() => expect(bodiesTo(findAirportList.path).at(-1)).toMatchObject({ keyword: 'shang' }))
    fireEvent.click(await screen.findByText('上海（所有机场）'))
    // to: Guangzhou is outside the range, so the search is refused with the range's cities
    fireEvent.click(document.body.querySelector('.air-inquiry__place--arr') as Element)
    fireEvent.click((await screen.findAllByText('广州'))[0])
    await realDelay()
    fireEvent.click(screen.getByText('搜索机票'))
    await realDelay()
    expect(toasts().at(-1)).toBe('出发地或目的地须为北京之一')
    fireEvent.click(document.body.querySelector('.air-inquiry__place--arr') as Element)
    fireEvent.click(await screen.findByText('北京PEK机场'))
    await realDelay()
    fireEvent.click(screen.getByText('搜索机票'))
    await eventually(() => expect(taro.navigateTo).toHaveBeenCalled())
    expect(taro.navigateTo.mock.calls[0][0].url).toBe('/pages/airTicket/oneWayTicket/index?ehc=demo&ec=E1&dep=SHA&arr=PEK&date=2026-11-24')
    expect(useAppStore.getState().airRecentSearches[0]).toMatchObject({
      dep: { code: 'SHA', cityZh: '上海' },
      arr: { code: 'PEK', cityZh: '北京' },
      date: '2026-11-24',
    })
  })

  async function eventuallyInput(): Promise<HTMLInputElement> {
    for (let i = 0; i < 200; i++) {
      const el = document.body.querySelector<HTMLInputElement>('.air-picker__input input')
      if (el) return el
      await realDelay(10)
    }
    throw new Error('no search input')
  }
})

describe('oneWayTicket', () => {
  it('lists the day, sorts by price, filters by airline, and says when nothing matches', async () => {
    setRouterParams({ ...ROUTE, dep: 'SHA', arr: 'BJS', date: '2026-12-01' })
    render(<OneWayPage />)
    await screen.findByText('共3个航班')
    expect(bodiesTo(findFlightList.path)[0]).toMatchObject({ depCode: 'SHA', arrCode: 'BJS', date: '2026-12-01' })
    expect(flightNos()).toEqual(['MU5101', 'CA1502', 'MU5103'])
    fireEvent.click(screen.getByText('价格低→高'))
    await realDelay()
    expect(flightNos()).toEqual(['CA1502', 'MU5101', 'MU5103'])
    expect(screen.getByText('售罄')).toBeTruthy()
    fireEvent.click(screen.getByText('筛选'))
    fireEvent.click(await screen.findByText('中国国际航空'))
    fireEvent.click(screen.getByText('18:00-24:00'))
    fireEvent.click(screen.getByText('00:00-06:00'))
    fireEvent.click(screen.getByText('18:00-24:00'))
    fireEvent.click(screen.getByText('确定'))
    await screen.findByText('没有符合筛选条件的航班')
    fireEvent.click(screen.getByText('清除筛选'))
    await screen.findByText('共3个航班')
  })

  it('draws a long day a slice at a time', async () => {
    const many = Array.from({ length: 240 }, (_, i) =>
      flight({ flightNo: `MU${6000 + i}`, depTime: `${String(6 + Math.floor(i / 16)).padStart(2, '0')}:${String((i % 16) * 3).padStart(2, '0')}` }),
    )
    serve({ [findFlightList.path]: () => ok(compactFlightList(many, [])) })
    setRouterParams({ ...ROUTE, dep: 'SHA', arr: 'BJS', date: '2026-12-01' })
    render(<OneWayPage />)
    await screen.findByText('共240个航班')
    expect(document.body.querySelectorAll('.air-flight')).toHaveLength(30)
  })

  it('a reservation whose price changed on the server reads the cabins again, and the next submit is a new intent', async () => {
    let priced = 0
    serve({
      [findCabinsList.path]: () => {
        priced++
        return ok({ flight: FLIGHTS[0], cabins: [priced === 1 ? CABIN_Y : { ...CABIN_Y, adult: { ...CABIN_Y.adult, fareFen: 130000 } }] })
      },
      [ticketBooking.path]: () => ({ status: 0, msgId: 'EAIR1010', msgText: '航空公司价格已变动，最新总价为¥1,430，请确认后重新提交', data: null }),
    })
    setRouterParams(FLIGHT_Q)
    render(<ReservationPage />)
    await screen.findByText('选择常用乘机人')
    fireEvent.click(screen.getByText('张三'))
    fireEvent.click(screen.getByText('我已阅读并同意'))
    await realDelay()
    fireEvent.click(screen.getByText('提交订单'))
    await eventually(() => expect(priced).toBe(2))
    await eventually(() => expect(screen.getByText('¥1,430')).toBeTruthy())
    expect(toasts().at(-1)).toBe('航空公司价格已变动，最新总价为¥1,430，请确认后重新提交')
    // what was typed is all still there
    expect(useAppStore.getState().airBookingDraft?.draft).toMatchObject({ passengers: [{ name: '张三' }], agreed: true })
    fireEvent.click(screen.getByText('提交订单'))
    await eventually(() => expect(bodiesTo(ticketBooking.path)).toHaveLength(2))
    const [first, second] = bodiesTo(ticketBooking.path)
    expect(second.expectedTotalFen).toBe(143000)
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey)
  })

  it('says "no flights found" for an empty day', async () => {
    serve({ [findFlightList.path]: () => ok(compactFlightList([], [])) })
    setRouterParams({ ...ROUTE, dep: 'SHA', arr: 'LXA', date: '2026-12-01' })
    render(<OneWayPage />)
    await screen.findByText('没有找到符合条件的航班')
  })

  it("opens a flight's cabins with the policy mark and books one", async () => {
    setRouterParams({ ...ROUTE, dep: 'SHA', arr: 'BJS', date: '2026-12-01' })
    render(<OneWayPage />)
    await screen.findByText('共3个航班')
    fireEvent.click(document.body.querySelector('.air-flight') as Element)
    await screen.findByText('符合差旅标准')
    expect(bodiesTo(findCabinsList.path)[0]).toMatchObject({ flight: { date: '2026-12-01', flightNo: 'MU5101', depAirport: 'SHA', arrAirport: 'PEK' } })
    fireEvent.click(screen.getByText('预订'))
    await eventually(() => expect(taro.navigateTo).toHaveBeenCalled())
    expect(taro.navigateTo.mock.calls[0][0].url).toBe(
      '/pages/airTicket/airTicketReservation/index?ehc=demo&ec=E1&date=2026-12-01&flightNo=MU5101&dep=SHA&arr=PEK&cabin=Y',
    )
  })
})

describe('airTicketReservation', () => {
  async function openForm() {
    setRouterParams(FLIGHT_Q)
    render(<ReservationPage />)
    await screen.findByText('选择常用乘机人')
  }

  it('asks for a passenger, then the agreement, then books with one key and goes to pay', async () => {
    serve({ [ticketBooking.path]: () => ok(order()) })
    await openForm()
    // the contact is the attendee until they type another
    await eventually(() => expect(useAppStore.getState().airBookingDraft).not.toBeNull())
    fireEvent.click(screen.getByText('提交订单'))
    await realDelay()
    expect(toasts().at(-1)).toBe('请编辑乘机人信息')
    fireEvent.click(screen.getByText('张三'))
    await realDelay()
    fireEvent.click(screen.getByText('提交订单'))
    await realDelay()
    expect(toasts().at(-1)).toBe('请阅读并同意预订协议')
    expect(bodiesTo(ticketBooking.path)).toHaveLength(0)
    fireEvent.click(screen.getByText('我已阅读并同意'))
    // the breakdown: adult fare, fuel, construction fee, insurance
    fireEvent.click(screen.getByText('明细'))
    await realDelay()
    expect(screen.getAllByText('¥1,370')).toHaveLength(2)
    fireEvent.click(screen.getByText('提交订单'))
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    const [body] = bodiesTo(ticketBooking.path)
    expect(body).toMatchObject({
      flight: { date: '2026-12-01', flightNo: 'MU5101', depAirport: 'SHA', arrAirport: 'PEK' },
      cabinCode: 'Y',
      passengers: [
        {
          name: '张三',
          documentType: 'idCard',
          documentNumber: '11010519491231002X',
          sex: 'female',
          birthDate: '1949-12-31',
          insurance: true,
          contactKey: 'self',
        },
      ],
      contact: { name: '张三', mobile: '13800138000', email: '' },
      agreementAccepted: true,
      expectedTotalFen: 137000,
      overPolicyReason: '',
    })
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airPayPage/airPayPage?ehc=demo&ec=E1&orderId=41')
    // the booked draft does not stay on the phone
    expect(useAppStore.getState().airBookingDraft).toBeNull()
  })

  it('a new passenger typed in keeps what was typed; an infant alone is refused', async () => {
    await openForm()
    fireEvent.click(screen.getByText('＋ 新增乘机人'))
    await realDelay()
    expect(useAppStore.getState().airBookingDraft?.draft).toMatchObject({ passengers: [{ name: '', documentType: 'idCard' }] })
    fireEvent.click(screen.getByText('我已阅读并同意'))
    fireEvent.click(screen.getByText('提交订单'))
    await realDelay()
    expect(toasts().at(-1)).toBe('请输入姓名')
    // an infant's card, typed straight into the stored draft the form shows
    const d = useAppStore.getState().airBookingDraft as { forKey: string; draft: { passengers: object[] } }
    act(() => {
      useAppStore.setState({
        airBookingDraft: {
          forKey: d.forKey,
          draft: {
            ...d.draft,
            passengers: [
              { ...d.draft.passengers[0], name: 'LI XIAOBAO', documentType: 'passport', documentNumber: 'E12345678', sex: 'male', birthDate: '2025-06-01' },
            ],
          },
        },
      })
    })
    await realDelay()
    expect(document.body.querySelector('.air-tag--infant')?.textContent).toBe('婴儿')
    fireEvent.click(screen.getByText('提交订单'))
    await realDelay()
    expect(toasts().at(-1)).toBe('婴儿票、儿童票不能单独提交，须与成人同行')
    expect(bodiesTo(ticketBooking.path)).toHaveLength(0)
  })
})

describe('airPayPage and airTicketDetails', () => {
  it('the company pays after confirming, then the ticket page', async () => {
    let paid = false
    serve({
      [findOrderDetails.path]: () => ok(paid ? order({ status: 'awaitingIssue', paidBy: 'company' }) : order()),
      [payFlightOnBusiness.path]: () => {
        paid = true
        return ok(order({ status: 'awaitingIssue', paidBy: 'company' }))
      },
    })
    taro.showModal.mockResolvedValue({ confirm: true, cancel: false })
    setRouterParams({ ...ROUTE, orderId: '41' })
    render(<PayPage />)
    await screen.findByText('订单号 AIR20261122000041')
    expect(document.body.querySelector('.air-deadline')?.textContent).toMatch(/^请在 (30:00|29:5\d) 内完成支付，逾期订单将自动取消$/)
    fireEvent.click(screen.getByText('公司支付 ¥1,370'))
    await eventually(() => expect(taro.redirectTo).toHaveBeenCalled())
    expect(bodiesTo(payFlightOnBusiness.path)[0]).toMatchObject({ orderId: 41, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) })
    expect(taro.redirectTo.mock.calls.at(-1)?.[0].url).toBe('/pages/airTicket/airTicketDetails/airTicketDetails?ehc=demo&ec=E1&orderId=41')
  })

  it('the ticket page follows ticketing until the ticket is drawn', async () => {
    let reads = 0
    serve({
      [findOrderDetails.path]: () => {
        reads++
        if (reads < 3) return ok(order({ status: 'awaitingIssue', paidBy: 'wechat', paidAt: '2026-11-23T10:01:00+08:00' }))
        return ok(
          order({
            status: 'ticketed',
            paidBy: 'wechat',
            paidAt: '2026-11-23T10:01:00+08:00',
            passengers: [{ ...order().passengers[0], ticketNo: '781-2345678901' }],
          }),
        )
      },
    })
    setRouterParams({ ...ROUTE, orderId: '41' })
    render(<TicketPage />)
    await screen.findByText('正在出票，请稍候…')
    await act(async () => {
      jest.advanceTimersByTime(2000)
    })
    await realDelay()
    await act(async () => {
      jest.advanceTimersByTime(3000)
    })
    await screen.findByText('出票成功')
    expect(screen.getByText('票号 781-2345678901')).toBeTruthy()
    const readsNow = reads
    await act(async () => {
      jest.advanceTimersByTime(60_000)
    })
    expect(reads).toBe(readsNow)
  })
})
