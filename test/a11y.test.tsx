/**
 * Accessibility of the H5 page that a unit test can hold: `<html lang>`
 * follows the language in use, and the agreement checkbox has a name in both languages.
 * Lighthouse (scripts/lighthouse.ts) measures the rest on the real build.
 */
import { act, render, screen } from '@testing-library/react'
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
