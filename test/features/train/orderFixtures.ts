/** train orders as the server answers them (getTrainOrderInfo), for the after-sales tests */
import type { OrderPassengerView, TrainOrderView } from '@contracts/calls/train'

export const NOW = '2026-11-22T10:00:00+08:00'
export const SH = { code: 'AOH', name: '上海虹桥', nameEn: 'Shanghaihongqiao' }
export const BJ = { code: 'VNP', name: '北京南', nameEn: 'Beijingnan' }

export const passenger = (id: number, v: Partial<OrderPassengerView> = {}): OrderPassengerView => ({
  id,
  travellerId: id * 10,
  name: id === 1 ? '张三' : '李四',
  documentType: 'idCard',
  documentNumberMasked: '3101**********1234',
  passengerType: 'adult',
  mobile: '13800138000',
  seatChoice: null,
  ticketPriceFen: 55300,
  carriage: '05',
  seatNo: `1${id}F`,
  seatPosition: 'window',
  ticketNo: `E10${id}`,
  ticketState: 'issued',
  ticketActions: ['refund', 'change'],
  changeCount: 0,
  changedTo: null,
  heightCm: null,
  ...v,
})

export const ORDER = (v: Partial<TrainOrderView> = {}): TrainOrderView => ({
  id: 7,
  orderNo: 'T202612010001',
  status: 'issued',
  actions: ['refund', 'change'],
  trainCode: 'code-1',
  trainNo: 'G101',
  trainType: 'G',
  date: '2026-12-01',
  from: SH,
  to: BJ,
  departTime: '08:00',
  arriveTime: '12:28',
  departAt: '2026-12-01T08:00:00+08:00',
  arriveAt: '2026-12-01T12:28:00+08:00',
  arriveDayOffset: 0,
  durationMinutes: 268,
  seatType: 'second',
  contactName: '张三',
  contactMobile: '13800138000',
  passengers: [passenger(1), passenger(2)],
  amounts: { ticketPriceFen: 110600, ticketFeeFen: 1000, serviceChargeFen: 2000, totalFen: 113600 },
  pickupNo: 'E123456',
  createdAt: '2026-11-22T10:00:00+08:00',
  payDeadline: null,
  serverNow: NOW,
  payer: 'company',
  paidAt: '2026-11-22T10:01:00+08:00',
  overPolicy: null,
  failureText: '',
  refund: null,
  timeline: [
    { at: '2026-11-22T10:00:00+08:00', kind: 'created' },
    { at: '2026-11-22T10:01:00+08:00', kind: 'paid' },
    { at: '2026-11-22T10:02:00+08:00', kind: 'issued' },
  ],
  refunds: [],
  changes: [],
  changeToPay: null,
  ...v,
})

