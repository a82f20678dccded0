/**
 * What the train page tests share: the pre-sale period, 300 generated trains, DOM helpers and
 * typing into a Taro Input, and a fake server with a logged-in attendee. Each test file mocks
 * '@tarojs/taro' itself and calls setUpTrainPageServer().
 */
import { fireEvent } from '@testing-library/react'
import { getPreSaleDay, type PreSaleDays, type SeatOffer, type TrainOffer } from '@contracts/calls/train'
import type { TrainType } from '@contracts/train'
import { useAppStore } from '@/store'
import { USER, ok, realDelay } from '../support/fakeServer'
import { freshPageTest } from '../support/pageTest'
import { BJ, SH } from '../features/train/orderFixtures'

export const NOW = '2026-11-22T10:00:00+08:00'
export const PRESALE: PreSaleDays = {
  today: '2026-11-22',
  lastDate: '2026-12-06',
  preSaleDays: 15,
  saleOpens: '05:00',
  saleCloses: '23:00',
  onSaleNow: true,
  childRule: 'height',
  payMinutes: 20,
  serverNow: NOW,
}
export const seat = (seatType: SeatOffer['seatType'], priceFen: number, left: number): SeatOffer => ({
  seatType,
  priceFen,
  childPriceFen: Math.round(priceFen / 2),
  left,
  withinPolicy: seatType === 'second',
})
export const TYPES: TrainType[] = ['G', 'D', 'K', 'Z', 'T', 'C']
export function train(i: number, v: Partial<TrainOffer> = {}): TrainOffer {
  const trainType = v.trainType ?? TYPES[i % TYPES.length]
  const h = String(Math.floor((i * 7) % 24)).padStart(2, '0')
  const m = String((i * 13) % 60).padStart(2, '0')
  return {
    trainCode: `code-${i}`,
    trainNo: `${trainType}${100 + i}`,
    trainType,
    from: SH,
    to: BJ,
    origin: SH,
    terminus: BJ,
    date: '2026-12-01',
    departTime: `${h}:${m}`,
    arriveTime: '23:00',
    departAt: `2026-12-01T${h}:${m}:00+08:00`,
    arriveAt: '2026-12-01T23:00:00+08:00',
    arriveDayOffset: 0,
    durationMinutes: 300 + ((i * 37) % 400),
    distanceKm: 1318,
    fromIsOrigin: true,
    toIsTerminus: true,
    seats: [seat('second', 50000 + ((i * 991) % 20000), 30), seat('first', 90000, 0)],
    bookable: true,
    ...v,
  }
}
export const TRAINS = Array.from({ length: 300 }, (_, i) => train(i))
export const q = (s: string) => document.body.querySelector(s)
export const all = (s: string) => Array.from(document.body.querySelectorAll(s))
export const texts = (s: string) => all(s).map((e) => e.textContent ?? '')

/**
 * types into a Taro Input the way the browser does: an input event on the inner <input>, which
 * the Stencil element renders on an animation frame (real time, whatever jest's clock)
 */
export async function typeInto(host: string, value: string): Promise<void> {
  let input: HTMLInputElement | null = null
  for (let i = 0; i < 300 && !(input = document.body.querySelector<HTMLInputElement>(`${host} input`)); i++) await realDelay(10)
  if (!input) throw new Error(`no input in ${host}`)
  fireEvent.input(input, { target: { value } })
}
export const field = (name: string) => `.text-field--${name} .text-field__input`

/** the pre-sale period served, an attendee logged in at the demo event */
export function setUpTrainPageServer(): void {
  beforeEach(() => {
    freshPageTest({ [getPreSaleDay.path]: () => ok(PRESALE) })
    useAppStore.setState({ token: 'tok', tokenMd5: 'md5', user: USER, eventHashCode: 'demo', eventCode: 'E1' })
  })
  afterEach(() => {
    jest.useRealTimers()
  })
}
