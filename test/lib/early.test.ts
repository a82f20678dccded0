/**
 * Requests started at launch (src/lib/early.ts): the train results page's search starts before
 * the page's chunk has arrived on H5 and the page takes that answer instead of asking
 * again; a failed or stale early request never stands in for the page's own call.
 */
import { queryTrainTicket } from '@contracts/calls/train'
import { callEarly, EARLY_TTL_MS, startEarly } from '@/lib/early'
import { fetchTrains, searchTrainsEarly, trainSearchRequest } from '@/features/train/api/search-trains'
import { resetTaroMock, taro } from '../support/taroMock'
import { resetAppStore } from '../support/appStore'

jest.mock('@tarojs/taro', () => require('../support/taroMock').taroMockModule())

const RESULT = { stations: { AOH: { name: '上海虹桥', nameEn: 'Shanghaihongqiao' } }, from: 'AOH', to: 'AOH', date: '2026-12-01', trains: [] }
const EXPANDED = {
  from: { code: 'AOH', name: '上海虹桥', nameEn: 'Shanghaihongqiao' },
  to: { code: 'AOH', name: '上海虹桥', nameEn: 'Shanghaihongqiao' },
  date: '2026-12-01',
  trains: [],
}
const envelope = (data: unknown, msgId = '') => ({ statusCode: 200, data: { status: msgId ? 500 : 200, msgId, msgText: msgId ? 'boom' : '', data } })
const REQ = trainSearchRequest('AOH', 'BJP', '2026-12-01')

/** holds every request until `release`, then answers each with `answer` */
function holdAnswers(answer: () => unknown = () => envelope(RESULT)): { release: () => void } {
  const waiting: Array<() => void> = []
  taro.request.mockImplementation(() => new Promise((resolve) => waiting.push(() => resolve(answer()))))
  return { release: () => waiting.splice(0).forEach((go) => go()) }
}
const requests = () => taro.request.mock.calls.length

beforeEach(() => {
  resetTaroMock()
  resetAppStore({ language: 'zh', token: 'T' })
})

it('the page joins the search started at launch: one request, the indicator while it waits', async () => {
  const server = holdAnswers()
  searchTrainsEarly({ from: 'AOH', to: 'BJP', date: '2026-12-01' })
  expect(requests()).toBe(1)
  // the early request itself is quiet: nothing on screen before the page is there
  expect(taro.showLoading).not.toHaveBeenCalled()
  const page = fetchTrains(REQ)
  expect(taro.showLoading).toHaveBeenCalledTimes(1)
  server.release()
  await expect(page).resolves.toEqual(EXPANDED)
  expect(requests()).toBe(1)
  expect(taro.hideLoading).toHaveBeenCalled()
})

it('an answer is taken once: the next search (a retry, a page shown again) asks the server', async () => {
  const server = holdAnswers()
  searchTrainsEarly({ from: 'AOH', to: 'BJP', date: '2026-12-01' })
  const first = fetchTrains(REQ)
  server.release()
  await first
  const again = fetchTrains(REQ)
  server.release()
  await again
  expect(requests()).toBe(2)
})

it('a failed early search is asked again by the page, which shows the failure the usual way', async () => {
  const server = holdAnswers(() => envelope(null, 'ESYS0001'))
  searchTrainsEarly({ from: 'AOH', to: 'BJP', date: '2026-12-01' })
  server.release()
  await new Promise((r) => setTimeout(r, 0))
  expect(taro.showToast).not.toHaveBeenCalled()
  taro.request.mockResolvedValue(envelope(null, 'ESYS0001'))
  await expect(fetchTrains(REQ)).rejects.toBeDefined()
  expect(requests()).toBe(2)
  expect(taro.showToast).toHaveBeenCalled()
})

it('a different search, or an early answer older than EARLY_TTL_MS, is not taken', async () => {
  taro.request.mockResolvedValue(envelope(RESULT))
  startEarly(queryTrainTicket, REQ, 1_000)
  await callEarly(queryTrainTicket, trainSearchRequest('AOH', 'BJP', '2026-12-02'), 1_000)
  expect(requests()).toBe(2)
  await callEarly(queryTrainTicket, REQ, 1_000 + EARLY_TTL_MS)
  expect(requests()).toBe(3)
})

it.each([[{ from: 'AOH', to: 'BJP' }], [{ from: 'AOH', date: '2026-12-01' }], [{ from: 'AOH', to: 'BJP', date: 'tomorrow' }]])(
  'no early search for an address the page would not search with: %j',
  (query) => {
    searchTrainsEarly(query)
    expect(requests()).toBe(0)
  },
)
