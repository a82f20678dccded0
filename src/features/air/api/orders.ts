import { type AirOrderView, findOrderDetails } from '@contracts/calls/flight/booking'
import { createOrderPay, payFlightOnBusiness } from '@contracts/calls/flight/pay'
import type { PayerCode } from '@contracts/wx-code'
import { call, quietCall } from '@/lib/request'

export const fetchOrder = (orderId: number) => call(findOrderDetails, { orderId })
/** the order read again in the background (payment confirmation, ticketing): nothing shown */
export const pollOrder = (orderId: number) => quietCall(findOrderDetails, { orderId })
export const payByCompany = (orderId: number, idempotencyKey: string) => call(payFlightOnBusiness, { orderId, idempotencyKey })
export const createWeChatPayment = (orderId: number, tradeType: 'JSAPI' | 'NATIVE', payer: PayerCode, idempotencyKey: string) =>
  call(createOrderPay, { orderId, tradeType, ...payer, idempotencyKey })

/** the order's statuses once its money has been taken (paid, ticketing, ticketed or refunded) */
const PAID: AirOrderView['status'][] = [
  'awaitingIssue',
  'ticketed',
  'issueFailed',
  'refunding',
  'refunded',
  'changing',
  'changeToBePaid',
  'changed',
  'traveled',
  'partiallyChanged',
  'partiallyRefunded',
  'retrograde',
]

/** the payment state the payment UI waits on, from the order as the server has it */
export function payStateOf(order: AirOrderView): 'paid' | 'unpaid' | 'closed' {
  if (order.paidAt || PAID.includes(order.status)) return 'paid'
  if (order.status === 'cancelled') return 'closed'
  return 'unpaid'
}

/** still being ticketed: the ticket page asks again */
export const isTicketing = (order: AirOrderView): boolean => order.status === 'awaitingIssue' || order.status === 'new'
