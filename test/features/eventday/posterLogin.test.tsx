/**
 * A guest scans a check-in poster with the phone's camera (/signIn?…&code=…): they are asked to log
 * in, the login page is told to come back with the code, and back on /signIn logged in the code is
 * sent at once: no second scan.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { checkIn, getCheckinStatus } from '@contracts/calls/eventday'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import SignInPage from '@/pages/pagesUser/signIn/signIn'
import { returnTarget } from '@/lib/router/returnTo'
import { useAppStore } from '@/store'
import { setRouterParams, taro } from '../../support/taroComponentMock'
import { EVENT, bodiesTo, eventually, ok } from '../../support/fakeServer'
import { freshPageTest } from '../../support/pageTest'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const POSTER = { ehc: 'demo', ec: 'E1', code: 'MAIN-ABCDEFGHJK' }

beforeEach(() => {
  freshPageTest({
    [getEventByHash.path]: () => ok(EVENT),
    [getEvent.path]: () => ok(EVENT),
    [getCheckinStatus.path]: () => ok({ checkedInAt: null, method: null, pointNameZh: '', pointNameEn: '' }),
    [checkIn.path]: () =>
      ok({ checkedInAt: '2026-11-23T10:00:00+08:00', method: 'scan', pointNameZh: '主会场入口', pointNameEn: 'Main hall entrance', first: true }),
  })
  useAppStore.setState({ eventHashCode: 'demo', eventCode: 'E1' })
})

it('a guest goes to log in with the scanned code as the way back, and nothing is sent yet', async () => {
  setRouterParams(POSTER)
  render(<SignInPage />)
  fireEvent.click(await screen.findByText('去登录'))
  expect(taro.navigateTo).toHaveBeenCalledTimes(1)
  const url = taro.navigateTo.mock.calls[0][0].url as string
  expect(url.startsWith('/pages/pagesUser/login/login?')).toBe(true)
  const params = Object.fromEntries(new URLSearchParams(url.split('?')[1]))
  expect(params).toMatchObject({ ehc: 'demo', ec: 'E1', back: 'signIn' })
  // what the login page will go back to: this page with the code
  expect(returnTarget(params)).toEqual({ name: 'signIn', query: { code: 'MAIN-ABCDEFGHJK' } })
  expect(bodiesTo(checkIn.path)).toHaveLength(0)
})

it('back on the page logged in, the code is sent without scanning again', async () => {
  useAppStore.setState({ token: 'tok-1' })
  setRouterParams(POSTER)
  render(<SignInPage />)
  await eventually(() => expect(bodiesTo(checkIn.path)).toHaveLength(1))
  expect(String(bodiesTo(checkIn.path)[0].text)).toContain('code=MAIN-ABCDEFGHJK')
})
