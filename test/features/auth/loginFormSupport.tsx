/**
 * What the LoginForm tests share: the DOM helpers that type into and read the Taro inputs, the
 * form's render, and the fake server answering a code request and a login. Each test file mocks
 * '@tarojs/taro' itself (jest hoists jest.mock per file) and calls setUpLoginFormServer().
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { getFormOverview } from '@contracts/calls/register'
import type { EventInfo } from '@contracts/event'
import { LoginForm } from '@/features/auth/components/LoginForm'
import { resetTaroComponentMock, storage, taro } from '../../support/taroComponentMock'
import { EVENT, USER, installServer, ok, realDelay, toasts } from '../../support/fakeServer'
import { resetAppStore } from '../../support/appStore'

export const SEND_CODE = sendLoginCode.path
export const LOGIN = guestLogin.path
export const ID_OK = '11010519491231002X'

// ---- DOM helpers ----

export function fieldHost(name: string): HTMLElement {
  const el = document.body.querySelector<HTMLElement>(`.text-field--${name} .text-field__input`)
  if (!el) throw new Error(`no ${name} field`)
  return el
}
export const hasField = (name: string) => document.body.querySelector(`.text-field--${name}`) !== null

/**
 * The Taro Input (a Stencil element) renders its inner <input> on an animation frame, and jsdom
 * runs frames on Node's own timers: wait for it in real time (under jest fake timers waitFor()
 * only advances the fake clock, and the frame would never come).
 */
export async function innerInput(host: HTMLElement): Promise<HTMLInputElement> {
  for (let i = 0; i < 300 && !host.querySelector('input'); i++) await realDelay(10)
  const input = host.querySelector('input')
  if (!input) throw new Error('the Taro Input did not render its <input>')
  return input
}

/** types into a Taro Input the way the browser does: an input event on the inner <input> */
export async function typeInto(name: string, value: string): Promise<void> {
  const input = await innerInput(fieldHost(name))
  fireEvent.input(input, { target: { value } })
  expect(valueOf(name)).toBe(value)
}
/** what the form holds for a field (the controlled value React gave the Taro Input) */
export const valueOf = (name: string) => (fieldHost(name) as unknown as { value: string }).value

export const codeButton = () => document.body.querySelector<HTMLElement>('.login-form__code-btn')!
export const submitButton = () => document.body.querySelector<HTMLElement>('.login-form__submit')!
export const checkbox = () => screen.getByRole('checkbox')
export const tab = (text: string) => screen.getByText(text)

export const lastToast = () => toasts()[toasts().length - 1]

export async function renderForm(event: EventInfo = EVENT) {
  const r = render(<LoginForm event={event} />)
  await screen.findByText(event.loginModes.includes('account') && event.loginModes.length === 1 ? '登录' : '获取验证码')
  // the page asks once whether the event takes registrations (the "register" link): the tests count what the form itself sends
  await waitFor(() => expect(taro.request.mock.calls.map((c) => c[0].url)).toContain(getFormOverview.path))
  taro.request.mockClear()
  return r
}

/** mobile typed, a code requested (answered), the code typed */
export async function mobileWithCode(mobile = '13800138000', code = '123456') {
  await typeInto('mobile', mobile)
  fireEvent.click(codeButton())
  await screen.findByText('60秒后重发')
  await typeInto('code', code)
}

/** a fresh Taro mock, store and fake server before each test; real timers after it */
export function setUpLoginFormServer(): void {
  beforeEach(() => {
    resetTaroComponentMock()
    storage.clear()
    resetAppStore({ eventCode: 'E1', eventHashCode: 'demo', language: 'zh' })
    installServer({
      [SEND_CODE]: () => ok({ resendAfter: 60, sentTo: '138****8000' }),
      [LOGIN]: () => ok({ token: 'tok-1', tokenMd5: 'md5-1', expiresAt: '2026-12-01T00:00:00+08:00', user: USER }),
    })
  })

  afterEach(() => {
    jest.useRealTimers()
  })
}
