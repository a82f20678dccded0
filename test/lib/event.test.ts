/**
 * Loading the current event (src/lib/event.ts): the app starts it at launch and the entry page
 * joins that request instead of sending its own (the home page's title would wait for it).
 */
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { loadEvent, preloadEvent } from '@/lib/event'
import { appState } from '@/store'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const EVENT = { eventCode: 'E1', eventHashCode: 'H1', permissionType: 1, someUserTypes: [], titleZh: '大会', titleEn: 'Conference' }
const envelope = (data: unknown) => ({ statusCode: 200, data: { status: 200, msgId: '', msgText: '', data } })

/** answers every request with EVENT once `release` is called, in the order they came */
function holdAnswers(): { release: () => void } {
  const waiting: Array<() => void> = []
  taro.request.mockImplementation(() => new Promise((resolve) => waiting.push(() => resolve(envelope(EVENT)))))
  return { release: () => waiting.splice(0).forEach((answer) => answer()) }
}
const urls = () => taro.request.mock.calls.map((c) => c[0].url as string)

beforeEach(() => {
  resetTaroMock()
  resetAppStore({ language: 'zh' })
})

it('a load asked for while the same one is on its way joins it: one request, one answer', async () => {
  const server = holdAnswers()
  preloadEvent({ eventHashCode: 'H1' }, '/home')
  const page = loadEvent({ eventHashCode: 'H1' })
  expect(urls()).toEqual([expect.stringContaining(getEventByHash.path)])
  server.release()
  await expect(page).resolves.toMatchObject({ eventCode: 'E1' })
  expect(appState().event?.eventCode).toBe('E1')
  expect(urls()).toHaveLength(1)
})

it('once answered, the next load asks the server again (the event can change)', async () => {
  const server = holdAnswers()
  const first = loadEvent({ eventHashCode: 'H1' })
  server.release()
  await first
  const second = loadEvent({ eventHashCode: 'H1' })
  server.release()
  await second
  expect(urls()).toHaveLength(2)
})

it('a load of another event does not join: by hash and by code are separate requests', async () => {
  const server = holdAnswers()
  const byHash = loadEvent({ eventHashCode: 'H1' })
  const byCode = loadEvent({ eventCode: 'E1' })
  expect(urls()).toEqual([expect.stringContaining(getEventByHash.path), expect.stringContaining(getEvent.path)])
  server.release()
  await Promise.all([byHash, byCode])
})

it('a failed request is not kept: the next load asks again', async () => {
  taro.request.mockRejectedValueOnce({ errMsg: 'request:fail' })
  await expect(loadEvent({ eventHashCode: 'H1' }).catch(() => 'failed')).resolves.toBeDefined()
  const server = holdAnswers()
  const again = loadEvent({ eventHashCode: 'H1' })
  server.release()
  await expect(again).resolves.toMatchObject({ eventCode: 'E1' })
  expect(urls()).toHaveLength(2)
})

it('preloadEvent does nothing without an event in the address', () => {
  preloadEvent({}, '/home')
  expect(urls()).toHaveLength(0)
})

it.each([
  ['/', true],
  ['pages/index/index', true],
  ['/login', true],
  ['/pages/pagesUser/home/home', true],
  ['/pages/trainTicket/searchTicketList/index', false],
  ['/nowhere', false],
])('preloadEvent on a launch onto %s fetches the event: %s', (launchPath, fetches) => {
  const server = holdAnswers()
  preloadEvent({ eventCode: 'E1' }, launchPath)
  expect(urls()).toHaveLength(fetches ? 1 : 0)
  server.release()
})
