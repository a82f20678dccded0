import { getOrderTickets, getTrainOrderInfo, saveTrainOrder, type SaveTrainOrderRequest, trainCancelOrder } from '@contracts/calls/train/orders'
import { askOrderTicket, paymentOrder, type PaymentOrderRequest, payOnBusiness } from '@contracts/calls/train/payment'
import { call, quietCall } from '@/lib/request'
import { payStateOf } from '../model/payState'

export const saveOrder = (req: SaveTrainOrderRequest) => call(saveTrainOrder, req)
export const fetchOrder = (orderId: number) => call(getTrainOrderInfo, { orderId })
export const cancelOrder = (orderId: number) => call(trainCancelOrder, { orderId })
export const payByCompany = (orderId: number, idempotencyKey: string) => call(payOnBusiness, { orderId, idempotencyKey })
export const askTicketing = (orderId: number) => call(askOrderTicket, { orderId })
export const fetchTickets = (orderId: number) => call(getOrderTickets, { orderId })
/** starts (or, with the same key, gets again) the attendee's WeChat payment of the order */
export const startWeChatPayment = (req: PaymentOrderRequest) => call(paymentOrder, req)
/** the order's payment as the server sees it, asked quietly (it is polled while WeChat Pay confirms) */
export const readPayState = (orderId: number) => quietCall(getTrainOrderInfo, { orderId }).then((o) => payStateOf(o.status))
