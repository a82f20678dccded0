/**
 * Check-in at a door without network (features/eventday/hooks/useCheckin.ts): the scan is queued
 * with the time it happened and its key, and sent once the network is back, with the same key and
 * time (exactly once on the server); a spec §5 problem is told before anything is sent.
 */
import { act, render } from '@testing-library/react'
import { checkIn, getCheckinStatus } from '@contracts/calls/eventday'
import { flushCheckinQueue, useCheckin } from '@/features/eventday/hooks/useCheckin'
import { appState, useAppStore } from '@/store'
import { bodiesTo, eventually, fail, ok, realDelay, serve, toasts } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const DONE = { checkedInAt: '2026-11-23T10:00:00+08:00', method: 'scan', pointNameZh: '主会场入口', pointNameEn: 'Main hall entrance', first: true }
const CODE_URL = 'https://m.example.com/signIn?ehc=demo&ec=DEMO&code=MAIN-ABCDEFGHJK'

let submit: (text: string) => Promise<void> = async () => undefined
function Probe() {
  const c = useCheckin()
  submit = c.submit
  return <span className='probe'>{c.status?.checkedInAt ?? 'none'}</span>
}

beforeEach(() => {
  freshPageTest({ [getCheckinStatus.path]: () => ok({ checkedInAt: null, method: null, pointNameZh: '', pointNameEn: '' }) })
  useAppStore.setState({ token: 'tok-1', eventHashCode: 'demo', eventCode: 'DEMO' })
})

it('tells empty and unrecognised scans at once, sending nothing', async () => {
  render(<Probe />)
  await realDelay()
  await act(() => submit(''))
  await act(() => submit('https://m.example.com/signIn?ehc=other&code=MAIN-ABCDEFGHJK'))
  expect(toasts()).toEqual(['扫码结果为空，请重新扫描', '无法识别的二维码地址'])
  expect(bodiesTo(checkIn.path)).toHaveLength(0)
})

it('offline: queued with its time and key, sent once online with the same key and time', async () => {
  serve({
    [checkIn.path]: () => {
      throw new Error('request:fail network')
    },
  })
  render(<Probe />)
  await realDelay()
  await act(() => submit(CODE_URL))
  expect(toasts()).toContain('网络不可用，签到已保存，将在联网后自动提交')
  const [queued] = appState().checkinQueue
  expect(queued).toMatchObject({ text: CODE_URL, token: 'tok-1' })
  expect(Date.parse(queued.scannedAt)).not.toBeNaN()
  const firstTry = bodiesTo(checkIn.path)[0]

  // still offline: kept
  await act(async () => void (await flushCheckinQueue()))
  expect(appState().checkinQueue).toHaveLength(1)

  serve({ [checkIn.path]: () => ok(DONE) })
  const r = await act(() => flushCheckinQueue())
  expect(r).toEqual(DONE)
  expect(appState().checkinQueue).toHaveLength(0)
  const sent = bodiesTo(checkIn.path)
  const last = sent[sent.length - 1]
  expect(last.idempotencyKey).toBe(queued.idempotencyKey)
  expect(last.idempotencyKey).toBe(firstTry.idempotencyKey)
  expect(last.scannedAt).toBe(queued.scannedAt)
})

it('a queued scan the server refuses (illegal) leaves the queue; another login’s scan is not sent', async () => {
  appState().queueCheckin({ text: 'MAIN-AAAAAAAAAA', scannedAt: new Date().toISOString(), idempotencyKey: 'key-illegal-1', token: 'tok-1' })
  appState().queueCheckin({ text: CODE_URL, scannedAt: new Date().toISOString(), idempotencyKey: 'key-other-1', token: 'tok-other' })
  serve({ [checkIn.path]: () => fail('ECHK1003', '非法二维码') })
  await act(async () => void (await flushCheckinQueue()))
  expect(appState().checkinQueue.map((q) => q.idempotencyKey)).toEqual(['key-other-1'])
  expect(bodiesTo(checkIn.path)).toHaveLength(1)
})

it('online: the answer is the status shown', async () => {
  serve({ [checkIn.path]: () => ok(DONE) })
  const view = render(<Probe />)
  await realDelay()
  await act(() => submit(CODE_URL))
  await eventually(() => expect(view.container.querySelector('.probe')!.textContent).toBe(DONE.checkedInAt))
  expect(toasts()).toContain('签到成功')
})
