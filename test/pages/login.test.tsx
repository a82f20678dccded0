/**
 * The login page (src/pages/pagesUser/login/login.tsx): loads the event of the address and shows
 * its header and the LoginForm with the event's login modes; a public page (no guard redirect).
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import LoginPage from '@/pages/pagesUser/login/login'
import { appState } from '@/store'
import { setRouterParams, taro } from '../support/taroComponentMock'
import { EVENT, bodiesTo, eventWith, eventually, fail, ok, realDelay, serve, toasts, urls } from '../support/fakeServer'
import { resetAppStore } from '../support/appStore'
import { freshPageTest } from '../support/pageTest'

jest.mock('@tarojs/taro', () => require('../support/taroComponentMock').taroComponentMockModule())

const text = (selector: string) => document.body.querySelector(selector)?.textContent ?? null
const tabs = () => Array.from(document.body.querySelectorAll('.login-form__tab')).map((t) => t.textContent)

async function openLogin(params: Record<string, string>) {
  setRouterParams(params)
  const r = render(<LoginPage />)
  await realDelay()
  return r
}

beforeEach(() => {
  freshPageTest({ [getEventByHash.path]: () => ok(EVENT), [getEvent.path]: () => ok(EVENT) })
})

it('?ehc=demo loads the event and shows its header and the login form with its three modes', async () => {
  await openLogin({ ehc: 'demo' })
  await eventually(() => expect(document.body.querySelector('.login-form')).not.toBeNull())
  expect(text('.nav-bar__title')).toBe('登录')
  expect(document.body.querySelector('.nav-bar__back')).toBeNull()
  expect(text('.event-header__title')).toBe('2026 年会')
  expect(tabs()).toEqual(['手机号登录', '邮箱登录', '账号密码登录'])
  expect(bodiesTo(getEventByHash.path)[0]).toStrictEqual({ eventHashCode: 'demo', funcModule: 'cmsEventInfo', funcOperation: 'getEventByHash' })
  // a public page: no guard redirect
  expect(taro.redirectTo).not.toHaveBeenCalled()
  expect(appState().eventCode).toBe('E1')
})

it('an account-only event shows the account fields and no tabs', async () => {
  serve({ [getEventByHash.path]: () => ok(eventWith({ loginModes: ['account'], loginExtraFields: ['roomNumber'] })) })
  await openLogin({ ehc: 'demo' })
  await eventually(() => expect(document.body.querySelector('.login-form')).not.toBeNull())
  expect(tabs()).toEqual([])
  expect(document.body.querySelector('.text-field--userName')).not.toBeNull()
  expect(document.body.querySelector('.text-field--password')).not.toBeNull()
  expect(document.body.querySelector('.text-field--roomNumber')).not.toBeNull()
  expect(document.body.querySelector('.text-field--mobile')).toBeNull()
})

it('without ehc / ec shows the "missing" notice', async () => {
  await openLogin({})
  await eventually(() => expect(screen.getByText('链接中缺少会议信息，请使用主办方提供的完整链接打开')).toBeTruthy())
  expect(document.body.querySelector('.login-form')).toBeNull()
  expect(urls()).not.toContain(getEventByHash.path)
})

it('an unknown event shows "not found"', async () => {
  serve({ [getEventByHash.path]: () => fail('EEVT1001', '活动不存在') })
  await openLogin({ ehc: 'nope' })
  await eventually(() => expect(screen.getByText('未找到该会议，请确认链接是否正确')).toBeTruthy())
  expect(toasts()).toEqual(['活动不存在'])
  expect(document.body.querySelector('.login-form')).toBeNull()
})

it('the language switch turns the form into English', async () => {
  await openLogin({ ehc: 'demo' })
  await eventually(() => expect(document.body.querySelector('.login-form')).not.toBeNull())
  fireEvent.click(screen.getByText('English'))
  await eventually(() => expect(tabs()).toEqual(['Mobile', 'Email', 'Password']))
  expect(text('.nav-bar__title')).toBe('Log in')
  expect(text('.event-header__title')).toBe('Annual Meeting 2026')
  expect(text('.login-form__code-btn')).toBe('Get code')
  // the window title follows: the event's title in the chosen language
  await eventually(() => expect(document.title).toBe('Annual Meeting 2026'))
})

it('the window title is the event title in the current language after the page opens', async () => {
  await openLogin({ ehc: 'demo' })
  await eventually(() => expect(document.title).toBe('2026 年会'))
})

describe('coming from the entry page', () => {
  it('an event the entry page fetched seconds ago is not fetched again', async () => {
    resetAppStore({ language: 'zh', event: EVENT, eventHashCode: 'demo', eventCode: 'E1', eventLoadedAt: Date.now() - 5_000 })
    await openLogin({ ehc: 'demo', ec: 'E1' })
    await eventually(() => expect(document.body.querySelector('.login-form')).not.toBeNull())
    expect(bodiesTo(getEventByHash.path)).toHaveLength(0)
  })

  it('a copy older than EVENT_FRESH_MS, or from an earlier visit, is fetched again', async () => {
    resetAppStore({ language: 'zh', event: EVENT, eventHashCode: 'demo', eventCode: 'E1', eventLoadedAt: Date.now() - 31_000 })
    await openLogin({ ehc: 'demo', ec: 'E1' })
    await eventually(() => expect(bodiesTo(getEventByHash.path)).toHaveLength(1))
  })
})
