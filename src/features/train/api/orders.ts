import {
  askOrderTicket,
  getOrderTickets,
  getTrainOrderInfo,
  payOnBusiness,
  saveTrainOrder,
  trainCancelOrder,
  type SaveTrainOrderRequest,
} from '@contracts/calls/train'
import { call } from '@/lib/request'

export const saveOrder = (req: SaveTrainOrderRequest) => call(saveTrainOrder, req)
export const fetchOrder = (orderId: number) => call(getTrainOrderInfo, { orderId })
export const cancelOrder = (orderId: number) => call(trainCancelOrder, { orderId })
export const payByCompany = (orderId: number, idempotencyKey: string) => call(payOnBusiness, { orderId, idempotencyKey })
export const askTicketing = (orderId: number) => call(askOrderTicket, { orderId })
export const fetchTickets = (orderId: number) => call(getOrderTickets, { orderId })
