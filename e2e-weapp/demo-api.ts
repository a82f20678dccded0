/** The demo event and data the checks need, set up through the real API as the app would */
import { getEventByHash } from '../contracts/calls/event'
import type { Envelope } from '../contracts/envelope'
import type { EventInfo } from '../contracts/event'

/** the seeded demo event and its attendee (server/src/seed.ts and each domain's seed.ts) */
export const DEMO = { ehc: 'demo', ec: 'DEMO', userName: 'demo', password: 'Demo@2026' }
export const EVENT_QUERY = `ehc=${DEMO.ehc}&ec=${DEMO.ec}`

export async function demoEvent(origin: string): Promise<EventInfo> {
  const res = await fetch(origin + getEventByHash.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventHashCode: DEMO.ehc }),
  })
  const env = (await res.json()) as Envelope<EventInfo>
  if (!env.data) throw new Error(`the demo event is not seeded: ${JSON.stringify(env)}`)
  return env.data
}

/**
 * Books Shanghai → Beijing in 12 days for the demo attendee through the API, pays it by the
 * company and runs the server's jobs (/dev/clock) until the ticket is drawn: the order id.
 */
export async function ticketedAirOrder(origin: string): Promise<number> {
  const post = async <T>(path: string, body: object, token = ''): Promise<T> => {
    const res = await fetch(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, lang: 'zh' },
      body: JSON.stringify(body),
    })
    const env = (await res.json()) as Envelope<T>
    if (env.msgId) throw new Error(`${path}: ${env.msgId} ${env.msgText}`)
    return env.data as T
  }
  const { token } = await post<{ token: string }>('/api/guest/login', {
    loginType: 'account',
    eventCode: DEMO.ec,
    userName: DEMO.userName,
    password: DEMO.password,
  })
  const date = new Date(Date.now() + (8 + 12 * 24) * 3600_000).toISOString().slice(0, 10)
  const list = await post<{
    flights: Array<{ date: string; flightNo: string; depAirport: string; arrAirport: string; bookable: boolean; lowestFareFen: number | null }>
  }>('/api/flight/flight/findFlightList', { depCode: 'SHA', arrCode: 'BJS', date }, token)
  const f = list.flights.find((x) => x.bookable && x.lowestFareFen !== null)
  if (!f) throw new Error(`no bookable flight Shanghai → Beijing on ${date}`)
  const flight = { date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport }
  const { cabins } = await post<{ cabins: Array<{ cabinCode: string; adult: { totalFen: number }; policy: { withinPolicy: boolean } }> }>(
    '/api/flight/flight/findCabinsList',
    { flight },
    token,
  )
  const cabin = cabins.find((c) => c.policy.withinPolicy)
  if (!cabin) throw new Error('no cabin within the travel policy')
  const key = () => `weapp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  const order = await post<{ orderId: number }>(
    '/api/flight/flight/ticketBooking',
    {
      idempotencyKey: key(),
      flight,
      cabinCode: cabin.cabinCode,
      passengers: [
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
      ],
      contact: { name: '张三', mobile: '13800138000', email: '' },
      remark: '',
      agreementAccepted: true,
      expectedTotalFen: cabin.adult.totalFen,
      overPolicyReason: '',
    },
    token,
  )
  await post('/api/flight/pay/payOnBusiness', { orderId: order.orderId, idempotencyKey: key() }, token)
  for (let i = 0; i < 50; i++) {
    await fetch(origin + '/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 0 }) })
    const o = await post<{ status: string }>('/api/flight/flight/findOrderDetails', { orderId: order.orderId }, token)
    if (o.status === 'ticketed') return order.orderId
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the ticket was not drawn')
}
