/**
 * Accessibility of the H5 page that a unit test can hold: `<html lang>`
 * follows the language in use, the agreement checkbox has a name in both languages, and every
 * control of the login form is in the Tab order and pressed by Enter or Space.
 * Lighthouse (scripts/lighthouse.ts) measures the rest on the real build.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { LoginForm } from '@/features/auth/components/LoginForm'
import { syncDocumentLanguage } from '@/lib/i18n'
import { useAppStore } from '@/store'
import { resetTaroComponentMock, storage } from './support/taroComponentMock'
import { EVENT } from './support/fakeServer'

jest.mock('@tarojs/taro', () => require('./support/taroComponentMock').taroComponentMockModule())

const ORIGINAL_TARO_ENV = process.env.TARO_ENV
let navigatorLanguage: jest.SpyInstance | undefined

beforeEach(() => {
  resetTaroComponentMock()
  storage.clear()
  document.documentElement.removeAttribute('lang')
  useAppStore.setState({ language: null })
})
afterEach(() => {
  navigatorLanguage?.mockRestore()
  navigatorLanguage = undefined
  process.env.TARO_ENV = ORIGINAL_TARO_ENV
})

describe('<html lang> on H5', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['en-US', 'en'],
    ['fr-FR', 'zh-CN'],
  ])('a %s browser with no choice made → %s', (locale, tag) => {
    navigatorLanguage = jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(locale)
    const stop = syncDocumentLanguage()
    expect(document.documentElement.lang).toBe(tag)
    stop()
  })

  it('follows every language switch, and stops when asked', () => {
    useAppStore.getState().setLanguage('zh')
    const stop = syncDocumentLanguage()
    expect(document.documentElement.lang).toBe('zh-CN')
    act(() => useAppStore.getState().setLanguage('en'))
    expect(document.documentElement.lang).toBe('en')
    act(() => useAppStore.getState().setLanguage('zh'))
    expect(document.documentElement.lang).toBe('zh-CN')
    stop()
    act(() => useAppStore.getState().setLanguage('en'))
    expect(document.documentElement.lang).toBe('zh-CN')
  })

  it("does nothing on the mini-program (Taro's document there is not a page)", () => {
    process.env.TARO_ENV = 'weapp'
    useAppStore.getState().setLanguage('en')
    syncDocumentLanguage()()
    expect(document.documentElement.hasAttribute('lang')).toBe(false)
  })
})

describe('the agreement checkbox', () => {
  it.each([
    ['zh', '我已阅读并同意《用户协议》'],
    ['en', 'I have read and agree to the User Agreement'],
  ] as const)('is named by its sentence in %s', async (language, name) => {
    useAppStore.setState({ language, eventCode: EVENT.eventCode, eventHashCode: EVENT.eventHashCode })
    render(<LoginForm event={EVENT} />)
    // the first render defines Taro's custom elements: slow on a cold start
    const box = await screen.findByRole('checkbox', { name }, { timeout: 5000 })
    expect(box.getAttribute('aria-checked')).toBe('false')
  })
})

describe('the login form by keyboard', () => {
  const render_ = async () => {
    useAppStore.setState({ language: 'zh', eventCode: EVENT.eventCode, eventHashCode: EVENT.eventHashCode })
    render(<LoginForm event={{ ...EVENT, loginModes: ['mobile', 'email', 'account'] }} />)
    return screen.findByRole('checkbox', {}, { timeout: 5000 })
  }

  it('reaches every control: the tabs, the code button, the agreement box and link, the submit button', async () => {
    await render_()
    const controls = [
      ...screen.getAllByRole('tab'),
      screen.getByRole('button', { name: '获取验证码' }),
      screen.getByRole('checkbox'),
      screen.getByRole('link', { name: '《用户协议》' }),
      screen.getByRole('button', { name: '登录' }),
    ]
    expect(controls).toHaveLength(7)
    for (const c of controls) expect(c.getAttribute('tabindex')).toBe('0')
  })

  it('Enter picks a tab, Space ticks the agreement', async () => {
    await render_()
    const account = screen.getByRole('tab', { name: '账号密码登录' })
    expect(account.getAttribute('aria-selected')).toBe('false')
    fireEvent.keyDown(account, { key: 'Enter' })
    expect(screen.getByRole('tab', { name: '账号密码登录' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(screen.getByRole('checkbox'), { key: ' ' })
    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('true')
  })
})
