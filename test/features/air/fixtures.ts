/** air answers as the server gives them (contracts/calls/flight.ts), for the air tests */
import type { AirOrderView, CabinView, FareBreakdown, FlightView } from '@contracts/calls/flight'

const fare = (fareFen: number, fuelFeeFen: number, constructionFeeFen: number): FareBreakdown => ({
  fareFen,
  taxFen: 0,
  fuelFeeFen,
  constructionFeeFen,
  totalFen: fareFen + fuelFeeFen + constructionFeeFen,
})

export function flight(
  over: Partial<FlightView> & { flightNo: string; depTime: string; arrTime?: string } = { flightNo: 'MU5101', depTime: '08:00' },
): FlightView {
  const { depTime, arrTime, ...rest } = over
  return {
    date: '2026-12-01',
    depAirport: 'SHA',
    arrAirport: 'PEK',
    airline: {
      code: over.flightNo.slice(0, 2),
      nameZh: over.flightNo.startsWith('CA') ? '中国国际航空' : '东方航空',
      nameEn: over.flightNo.startsWith('CA') ? 'Air China' : 'China Eastern',
    },
    operatingFlightNo: '',
    operatingAirline: null,
    aircraftType: 'A330',
    aircraftSize: 'large',
    dep: {
      airport: 'SHA',
      airportZh: '虹桥国际机场',
      airportEn: 'Hongqiao Intl',
      cityZh: '上海',
      cityEn: 'Shanghai',
      terminal: 'T2',
      time: `2026-12-01T${depTime}:00+08:00`,
    },
    arr: {
      airport: 'PEK',
      airportZh: '首都国际机场',
      airportEn: 'Capital Intl',
      cityZh: '北京',
      cityEn: 'Beijing',
      terminal: 'T2',
      time: `2026-12-01T${arrTime ?? '12:00'}:00+08:00`,
    },
    arrDayOffset: 0,
    durationMinutes: 135,
    stops: 0,
    stopCitiesZh: [],
    stopCitiesEn: [],
    meal: true,
    lowestFareFen: 98000,
    lowestCabinClass: 'economy',
    lowestDiscount: 80,
    seatsLeft: 9,
    bookable: true,
    ...rest,
  }
}

export const CABIN_Y: CabinView = {
  cabinCode: 'Y',
  cabinClass: 'economy',
  discount: 100,
  seatsLeft: 9,
  adult: fare(124000, 6000, 5000),
  child: fare(62000, 3000, 0),
  infant: fare(12400, 0, 0),
  ruleSummaryZh: '起飞前7天以上免费退票',
  ruleSummaryEn: 'Free refund more than 7 days before',
  checkedBaggageKg: 20,
  policy: { withinPolicy: true, overPolicy: 'block', breaches: [] },
}

export function order(over: Partial<AirOrderView> = {}): AirOrderView {
  return {
    orderId: 41,
    orderCode: 'AIR20261122000041',
    status: 'toBePaid',
    flight: flight({ flightNo: 'MU5101', depTime: '08:00' }),
    cabinCode: 'Y',
    cabinClass: 'economy',
    passengers: [
      {
        passengerId: 1,
        name: '张三',
        passengerType: 'adult',
        documentType: 'idCard',
        documentNumberMasked: '1101**********002X',
        sex: 'female',
        birthDate: '1949-12-31',
        mobileMasked: '138****8000',
        insurance: true,
        ticketNo: '',
        fare: CABIN_Y.adult,
        ticketStatus: 'notIssued',
        segment: flight({ flightNo: 'MU5101', depTime: '08:00' }),
        cabinCode: 'Y',
      },
    ],
    contact: { name: '张三', mobileMasked: '138****8000', email: '' },
    remark: '',
    price: {
      lines: [
        { kind: 'fare', passengerType: 'adult', unitFen: 124000, count: 1, amountFen: 124000 },
        { kind: 'insurance', passengerType: null, unitFen: 2000, count: 1, amountFen: 2000 },
      ],
      fareFen: 124000,
      taxFen: 0,
      fuelFeeFen: 6000,
      constructionFeeFen: 5000,
      insuranceFen: 2000,
      totalFen: 137000,
    },
    payDeadline: '2026-11-23T10:30:00+08:00',
    payMethods: ['company', 'wechat'],
    paidBy: null,
    paidAt: null,
    paymentPending: false,
    refundedFen: 0,
    createdAt: '2026-11-23T10:00:00+08:00',
    timeline: [{ status: 'toBePaid', at: '2026-11-23T10:00:00+08:00' }],
    actions: ['pay', 'cancel'],
    refunds: [],
    changes: [],
    changePayDeadline: null,
    changePayMethods: ['company', 'wechat'],
    checkIn: { routeKind: 'domestic', arriveEarlyHours: [1, 2], closesMinutesBefore: 45, closesAt: '2026-12-01T07:15:00+08:00' },
    rule: {
      refund: [
        { window: 'over7Days', allowed: true, feePercent: 5 },
        { window: 'from2HoursTo7Days', allowed: true, feePercent: 10 },
        { window: 'under2Hours', allowed: true, feePercent: 20 },
        { window: 'afterDeparture', allowed: true, feePercent: 30 },
      ],
      change: [
        { window: 'over7Days', allowed: true, feePercent: 0 },
        { window: 'from2HoursTo7Days', allowed: true, feePercent: 5 },
        { window: 'under2Hours', allowed: true, feePercent: 10 },
        { window: 'afterDeparture', allowed: true, feePercent: 20 },
      ],
    },
    ended: false,
    ...over,
  }
}
