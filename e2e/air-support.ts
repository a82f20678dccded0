/**
 * Air orders made through the API the way the app makes them (shared by the air browser tests):
 * the demo attendee's token, a Shanghai → Beijing order booked and, when asked, paid by the
 * company and ticketed.
 */
import { expect, type APIRequestContext } from '@playwright/test'
import dayjs from 'dayjs'
import { DEMO } from './support'

export interface Envelope<T> {
  msgId: string
  msgText: string
  data: T
}

/** a call of the API as the app makes it, with the attendee's token */
export async function api<T>(request: APIRequestContext, token: string, path: string, body: object): Promise<T> {
  const res = await request.post(path, { data: body, headers: { authorization: token, lang: 'zh' } })
  const env = (await res.json()) as Envelope<T>
  expect(env.msgId, `${path}: ${env.msgText}`).toBe('')
  return env.data
}

export async function tokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/guest/login', { data: { loginType: 'account', eventCode: 'DEMO', userName: DEMO.userName, password: DEMO.password } })
  return ((await res.json()) as Envelope<{ token: string }>).data.token
}

export const key = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

interface Flight {
  date: string
  flightNo: string
  depAirport: string
  arrAirport: string
  bookable: boolean
  lowestFareFen: number | null
}
interface Cabin {
  cabinCode: string
  adult: { totalFen: number }
  policy: { withinPolicy: boolean; overPolicy: string }
}

/**
 * Books Shanghai → Beijing `daysAhead` days from now for one adult (the cheapest cabin the travel
 * policy allows) and, when `pay`, pays it by the company and waits until the ticket is drawn.
 */
/** an 18-digit ID card number with its GB 11643 check digit, for a birth date */
function idCard(birth: string, serial = '012'): string {
  const body = `110105${birth.replace(/-/g, '')}${serial}`
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = body.split('').reduce((acc, c, i) => acc + Number(c) * weights[i], 0)
  return body + '10X98765432'[sum % 11]
}

const PASSENGERS = [
  {
    name: '张三',
    documentType: 'idCard',
    documentNumber: '11010519491231002X',
    sex: 'female',
    birthDate: '1949-12-31',
    mobile: '',
    insurance: false,
    contactKey: '',
  },
  {
    name: '李四',
    documentType: 'idCard',
    documentNumber: idCard('1980-01-01', '013'),
    sex: 'male',
    birthDate: '1980-01-01',
    mobile: '',
    insurance: false,
    contactKey: '',
  },
]

export async function bookOrder(request: APIRequestContext, token: string, daysAhead: number, pay: boolean, adults = 1): Promise<number> {
  const date = dayjs().add(8, 'hour').add(daysAhead, 'day').format('YYYY-MM-DD')
  const list = await api<{ flights: Flight[] }>(request, token, '/api/flight/flight/findFlightList', { depCode: 'SHA', arrCode: 'BJS', date })
  const flight = list.flights.find((f) => f.bookable && f.lowestFareFen !== null) as Flight
  const ref = { date: flight.date, flightNo: flight.flightNo, depAirport: flight.depAirport, arrAirport: flight.arrAirport }
  const { cabins } = await api<{ cabins: Cabin[] }>(request, token, '/api/flight/flight/findCabinsList', { flight: ref })
  const cabin = cabins.find((c) => c.policy.withinPolicy) ?? (cabins.find((c) => c.policy.overPolicy !== 'block') as Cabin)
  const order = await api<{ orderId: number }>(request, token, '/api/flight/flight/ticketBooking', {
    idempotencyKey: key(),
    flight: ref,
    cabinCode: cabin.cabinCode,
    passengers: PASSENGERS.slice(0, adults),
    contact: { name: '张三', mobile: DEMO.mobile, email: '' },
    remark: '',
    agreementAccepted: true,
    expectedTotalFen: cabin.adult.totalFen * adults,
    overPolicyReason: cabin.policy.withinPolicy ? '' : 'e2e',
  })
  if (pay) {
    await api(request, token, '/api/flight/pay/payOnBusiness', { orderId: order.orderId, idempotencyKey: key() })
    // the ticketing job runs now rather than at the job timer's next tick
    await expect
      .poll(
        async () => {
          await request.post('/dev/clock', { data: { advanceMs: 0 } })
          return (await api<{ status: string }>(request, token, '/api/flight/flight/findOrderDetails', { orderId: order.orderId })).status
        },
        { timeout: 60_000, intervals: [300] },
      )
      .toBe('ticketed')
  }
  return order.orderId
}
