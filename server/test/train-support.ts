/** What the train tests share: logins, a railway login, a bookable train, travellers. */
import { guestLogin } from '@contracts/calls/auth'
import { loginRailway, queryTrainTicket, saveTraveller, type TrainOffer } from '@contracts/calls/train'
import { COLLEAGUE_USER, DEMO_USER } from '../src/db/seed'
import { DEMO_RAILWAY_ACCOUNT } from '../src/providers/railway'
import type { TestContext } from './helper'

export async function loginAs(t: TestContext, who: 'demo' | 'lilei', eventCode = 'DEMO'): Promise<string> {
  const u = who === 'demo' ? DEMO_USER : COLLEAGUE_USER
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode, userName: u.userName, password: u.password })
  if (!r.body.data?.token) throw new Error(`login failed: ${JSON.stringify(r.body)}`)
  return r.body.data.token as string
}

export async function railwayLogin(t: TestContext, token: string): Promise<void> {
  const r = await t.post(loginRailway.path, { ...DEMO_RAILWAY_ACCOUNT, agreed: true }, { token })
  if (r.body.status !== 200) throw new Error(`railway login failed: ${JSON.stringify(r.body)}`)
}

/** the Shanghai date `days` after the test clock's today */
export const dateAfter = (t: TestContext, days: number): string => new Date(t.clock.now().getTime() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)

/** Shanghai → Beijing trains tomorrow */
export async function searchShanghaiBeijing(t: TestContext, token: string, days = 1): Promise<TrainOffer[]> {
  const r = await t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, days) }, { token })
  if (r.body.status !== 200) throw new Error(JSON.stringify(r.body))
  return r.body.data.trains as TrainOffer[]
}

/** a G train with second-class seats left */
export const bookableG = (trains: TrainOffer[]): TrainOffer => {
  const g = trains.find((x) => x.trainType === 'G' && x.bookable && x.seats.some((s) => s.seatType === 'second' && s.left > 10))
  if (!g) throw new Error('no bookable G train')
  return g
}

/** GB 11643 check digit of 17 digits */
export function idWithCheck(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * w[i], 0)
  return first17 + '10X98765432'[sum % 11]
}

/** a valid ID card number born on `yyyymmdd`, made distinct by `n` */
export const idCard = (yyyymmdd: string, n: number): string => idWithCheck(`110101${yyyymmdd}${String(n % 1000).padStart(3, '0')}`)

export async function addTraveller(t: TestContext, token: string, name: string, documentNumber: string, passengerType: 'adult' | 'child' = 'adult'): Promise<number> {
  const r = await t.post(saveTraveller.path, { name, documentType: 'idCard', documentNumber, passengerType, mobile: '13900000001' }, { token })
  if (r.body.status !== 200) throw new Error(JSON.stringify(r.body))
  return r.body.data.id as number
}

let keyNo = 0
export const newKey = (): string => `test-key-${Date.now()}-${++keyNo}`

/** a saveTrainOrder body for a train as searched: second class, the demo contact, agreement ticked */
export function orderBody(train: TrainOffer, passengers: object[], extra: object = {}) {
  return {
    idempotencyKey: newKey(),
    trainCode: train.trainCode,
    date: train.date,
    fromStationCode: train.from.code,
    toStationCode: train.to.code,
    seatType: 'second',
    passengers,
    contactName: '张伟',
    contactMobile: '13800138000',
    agreed: true,
    ...extra,
  }
}
