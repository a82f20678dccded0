/**
 * The result notices of a flight order by WeChat subscription message (docs/wechat.md
 * "Subscription messages"): ticket issued, ticketing failed, the change and refund results. The
 * airline's results had no SMS before, so a notice nobody subscribed to is told on the order page
 * only, as before.
 */
import { messageText, type Lang, type MsgId } from '@contracts/messages'
import type { FlightView } from '@contracts/calls/flight'
import type { NoticeKind, NoticeValues } from '@contracts/subscribe-notices'
import type { Tx } from '../kernel/db/client'
import { queueNotice } from '../wechat/notices'
import type { AirOrderRow } from './repositories/air'

/** a flight's words in a notice: flight number and cities, the departure on the departure airport's clock */
function airNoticeValues(flight: FlightView, orderCode: string, lang: Lang, n: { passengers: string; result: string; amountFen: number }): NoticeValues {
  const city = (e: FlightView['dep']) => (lang === 'zh' ? e.cityZh : e.cityEn)
  return {
    trip: `${flight.flightNo} ${city(flight.dep)}-${city(flight.arr)}`,
    departAt: flight.dep.time.slice(0, 16).replace('T', ' '),
    orderNo: orderCode,
    ...n,
  }
}

/** in the settling transaction: the order's notice of `kind` by WeChat, if the attendee accepted one */
export async function queueAirNotice(
  tx: Tx,
  o: AirOrderRow,
  n: { kind: NoticeKind; key: string; flight?: FlightView; passengers: Array<{ name: string }>; result: MsgId; amountFen: number },
  now: Date,
): Promise<void> {
  const names = n.passengers.map((p) => p.name).join(', ')
  await queueNotice(
    tx,
    {
      userId: o.userId,
      eventId: o.eventId,
      orderKind: 'flight',
      orderId: o.id,
      kind: n.kind,
      key: n.key,
      values: (lang) =>
        airNoticeValues(n.flight ?? o.flight, o.orderCode, lang, { passengers: names, result: messageText(n.result, lang), amountFen: n.amountFen }),
      fallback: null,
    },
    now,
  )
}
