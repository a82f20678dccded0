/**
 * The train change SMS (ETRAIN1073) in the attendee's language (users.lang, set at login and
 * followed when the app switches): a change made by an English attendee sends the English text,
 * a Chinese attendee's the Chinese one, station names and the seat line in the same language.
 */
import type { ChangeOptions, TrainOrderView } from '@contracts/calls/train'
import { setup, type TestContext } from './helper'
import { changeToFirstStop, issuedOrder, loginAs, ok, railwayLogin, runDue } from './train-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const CONTACT = '13800138000'
const login = (lang: 'zh' | 'en') => loginAs(t, 'demo', 'DEMO', lang)
const changeSms = () =>
  t.app
    .outbox!.list(CONTACT)
    .map((m) => m.text)
    .filter((x) => /改签成功| changed: /.test(x))

/** an issued order to the segment's end, changed to its first stop (a lower fare: no payment), the railway confirming */
async function changedOrder(lang: 'zh' | 'en'): Promise<{ order: TrainOrderView; opts: ChangeOptions; trainNo: string }> {
  const token = await login(lang)
  await railwayLogin(t, token)
  const me = ok<Array<{ id: number }>>(await t.post('/api/biz/tmcPassenger/list', {}, { token }))[0].id
  const { order, train, stops } = await issuedOrder(t, token, { passengers: [{ travellerId: me, passengerType: 'adult' }] })
  const { opts, made } = await changeToFirstStop(t, token, { order, train, stops }, lang)
  expect(made.change.state).toBe('processing')
  // nothing is sent before the railway confirms
  expect(changeSms()).toEqual([])
  await runDue(t)
  return { order, opts, trainNo: train.trainNo }
}

describe('the train change SMS', () => {
  it('is English for an attendee using English: station names and seats in English, no Chinese but the passenger name', async () => {
    const { order, opts, trainNo } = await changedOrder('en')
    const sent = changeSms()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatch(
      new RegExp(
        `^\\[Attendee app\\] Order ${order.orderNo} changed: ${trainNo} on ${order.date}, ${order.from.nameEn} to ${opts.to.nameEn}, .+ car \\S+ seat \\S+\\.$`,
      ),
    )
    // the passenger's own name is the only Chinese left
    expect(sent[0].replace(order.passengers[0].name, '')).not.toMatch(/[\u4e00-\u9fff]/)
  })

  it('is Chinese for an attendee using Chinese', async () => {
    const { order, opts, trainNo } = await changedOrder('zh')
    const sent = changeSms()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatch(
      new RegExp(`^【参会助手】订单${order.orderNo}改签成功：${order.date} ${trainNo} ${order.from.name}-${opts.to.name}，.+ \\S+车\\S+。$`),
    )
    expect(sent[0]).not.toContain('Attendee app')
  })
})
