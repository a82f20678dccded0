/**
 * LoginForm rendered under jsdom with a fake Taro (test/support/taroComponentMock) whose request
 * answers like the server: { status: 200, msgId: '', msgText: '', data } or
 * { status: 0, msgId, msgText, data: null }.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import type { EventInfo } from '@contracts/event'
import { LoginForm } from '@/features/auth/components/LoginForm'
import { STORE_KEY, appState } from '@/store'
import { resetTaroComponentMock, setRouterParams, storage, taro } from '../../support/taroComponentMock'
import { EVENT, USER, bodiesTo, eventWith, fail, installServer, ok, realDelay, serve, toasts, useFakeClock } from '../../support/fakeServer'

import { resetAppStore } from '../../support/appStore'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

const SEND_CODE = sendLoginCode.path
const LOGIN = guestLogin.path
const ID_OK = '11010519491231002X'

// ---- DOM helpers ----

function fieldHost(name: string): HTMLElement {
  const el = document.body.querySelector<HTMLElement>(`.text-field--${name} .text-field__input`)
  if (!el) throw new Error(`no ${name} field`)
  return el
}
const hasField = (name: string) => document.body.querySelector(`.text-field--${name}`) !== null

/**
 * The Taro Input (a Stencil element) renders its inner <input> on an animation frame, and jsdom
 * runs frames on Node's own timers: wait for it in real time (under jest fake timers waitFor()
 * only advances the fake clock, and the frame would never come).
 */
async function innerInput(host: HTMLElement): Promise<HTMLInputElement> {
  for (let i = 0; i < 300 && !host.querySelector('input'); i++) await realDelay(10)
  const input = host.querySelector('input')
  if (!input) throw new Error('the Taro Input did not render its <input>')
  return input
}

/** types into a Taro Input the way the browser does: an input event on the inner <input> */
async function typeInto(name: string, value: string): Promise<void> {
  const input = await innerInput(fieldHost(name))
  fireEvent.input(input, { target: { value } })
  expect(valueOf(name)).toBe(value)
}
/** what the form holds for a field (the controlled value React gave the Taro Input) */
const valueOf = (name: string) => (fieldHost(name) as unknown as { value: string }).value

const codeButton = () => document.body.querySelector<HTMLElement>('.login-form__code-btn')!
const submitButton = () => document.body.querySelector<HTMLElement>('.login-form__submit')!
const checkbox = () => screen.getByRole('checkbox')
const tab = (text: string) => screen.getByText(text)

const lastToast = () => toasts()[toasts().length - 1]

async function renderForm(event: EventInfo = EVENT) {
  const r = render(<LoginForm event={event} />)
  await screen.findByText(event.loginModes.includes('account') && event.loginModes.length === 1 ? '登录' : '获取验证码')
  return r
}

/** mobile typed, a code requested (answered), the code typed */
async function mobileWithCode(mobile = '13800138000', code = '123456') {
  await typeInto('mobile', mobile)
  fireEvent.click(codeButton())
  await screen.findByText('60秒后重发')
  await typeInto('code', code)
}

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

// ---- tests ----

describe('modes and tabs', () => {
  it('shows the three tabs of the event, the mobile tab first', async () => {
    await renderForm()
    const tabs = Array.from(document.body.querySelectorAll('.login-form__tab')).map((t) => t.textContent)
    expect(tabs).toEqual(['手机号登录', '邮箱登录', '账号密码登录'])
    expect(document.body.querySelector('.login-form__tab.is-active')?.textContent).toBe('手机号登录')
    expect(hasField('mobile')).toBe(true)
    expect(hasField('code')).toBe(true)
    expect(hasField('email')).toBe(false)
    expect(hasField('userName')).toBe(false)
    expect(screen.getByText('手机号')).toBeTruthy()
    expect(fieldHost('mobile').getAttribute('placeholder')).toBe('请输入手机号')
    expect(fieldHost('code').getAttribute('placeholder')).toBe('请输入6位验证码')
    expect(codeButton().textContent).toBe('获取验证码')
    expect(submitButton().textContent).toBe('登录')
  })

  it('switching tabs shows that mode\'s fields and keeps what was typed in the others', async () => {
    await renderForm()
    await typeInto('mobile', '13800138000')
    await typeInto('code', '654321')

    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    expect(hasField('mobile')).toBe(false)
    expect(document.body.querySelector('.login-form__tab.is-active')?.textContent).toBe('邮箱登录')
    await typeInto('email', 'a@example.com')

    fireEvent.click(tab('账号密码登录'))
    await waitFor(() => expect(hasField('userName')).toBe(true))
    expect(hasField('password')).toBe(true)
    expect(hasField('code')).toBe(false)
    expect(hasField('email')).toBe(false)
    await typeInto('userName', 'zhangsan')
    await typeInto('password', 'pw')

    fireEvent.click(tab('手机号登录'))
    await waitFor(() => expect(hasField('mobile')).toBe(true))
    expect(valueOf('mobile')).toBe('13800138000')
    expect(valueOf('code')).toBe('654321')

    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    expect(valueOf('email')).toBe('a@example.com')

    fireEvent.click(tab('账号密码登录'))
    await waitFor(() => expect(hasField('userName')).toBe(true))
    expect(valueOf('userName')).toBe('zhangsan')
    expect(valueOf('password')).toBe('pw')
    expect(taro.request).not.toHaveBeenCalled()
  })

  it('an event with one mode shows no tabs', async () => {
    await renderForm(eventWith({ loginModes: ['email'] }))
    expect(document.body.querySelector('.login-form__tabs')).toBeNull()
    expect(hasField('email')).toBe(true)
    expect(hasField('mobile')).toBe(false)
  })

  it('an event with no mode listed logs in by mobile', async () => {
    await renderForm(eventWith({ loginModes: [] }))
    expect(document.body.querySelector('.login-form__tabs')).toBeNull()
    expect(hasField('mobile')).toBe(true)
  })

  it('an account-only event shows user name and password and no code button', async () => {
    await renderForm(eventWith({ loginModes: ['account'] }))
    expect(hasField('userName')).toBe(true)
    expect(hasField('password')).toBe(true)
    expect(fieldHost('password').getAttribute('password')).not.toBeNull()
    expect(document.body.querySelector('.login-form__code-btn')).toBeNull()
  })

  it('the tab order follows the event (email first)', async () => {
    await renderForm(eventWith({ loginModes: ['email', 'mobile'] }))
    const tabs = Array.from(document.body.querySelectorAll('.login-form__tab')).map((t) => t.textContent)
    expect(tabs).toEqual(['邮箱登录', '手机号登录'])
    expect(hasField('email')).toBe(true)
  })
})

describe('get verification code', () => {
  it('with an empty mobile toasts 请输入手机号 and sends nothing', async () => {
    await renderForm()
    fireEvent.click(codeButton())
    await waitFor(() => expect(taro.showToast).toHaveBeenCalledTimes(1))
    expect(taro.showToast).toHaveBeenCalledWith({ title: '请输入手机号', icon: 'none', duration: 2000 })
    expect(taro.request).not.toHaveBeenCalled()
    expect(codeButton().textContent).toBe('获取验证码')
  })

  it.each(['1380013800', '23800138000', '12345'])('with a malformed mobile (%s) toasts 请填写正确的手机号码 and sends nothing', async (mobile) => {
    await renderForm()
    await typeInto('mobile', mobile)
    fireEvent.click(codeButton())
    await waitFor(() => expect(taro.showToast).toHaveBeenCalledTimes(1))
    expect(toasts()).toEqual(['请填写正确的手机号码'])
    expect(taro.request).not.toHaveBeenCalled()
  })

  it('with an empty or malformed email toasts the email messages and sends nothing', async () => {
    await renderForm()
    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    fireEvent.click(codeButton())
    await waitFor(() => expect(toasts()).toEqual(['请输入邮箱']))
    await typeInto('email', 'a@example')
    fireEvent.click(codeButton())
    await waitFor(() => expect(toasts()).toEqual(['请输入邮箱', '请填写正确的邮箱']))
    expect(taro.request).not.toHaveBeenCalled()
  })

  it('with a valid mobile POSTs to getSignupContactMessage, toasts 验证码已发送 and counts down 60 s', async () => {
    useFakeClock()
    await renderForm()
    await typeInto('mobile', '13800138000')

    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')

    expect(taro.request).toHaveBeenCalledTimes(1)
    const [call] = taro.request.mock.calls[0]
    expect(call.url).toBe(SEND_CODE)
    expect(call.method).toBe('POST')
    expect(call.data).toStrictEqual({
      channel: 'sms',
      mobile: '13800138000',
      eventCode: 'E1',
      funcModule: 'signupContact',
      funcOperation: 'getSignupContactMessage',
    })
    expect(call.header).toEqual({ 'content-type': 'application/json', authorization: '', lang: 'zh' })
    expect(toasts()).toEqual(['验证码已发送'])
    expect(codeButton().className).toContain('is-waiting')

    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(codeButton().textContent).toBe('59秒后重发')
    act(() => {
      jest.advanceTimersByTime(29000)
    })
    expect(codeButton().textContent).toBe('30秒后重发')
    act(() => {
      jest.advanceTimersByTime(29000)
    })
    expect(codeButton().textContent).toBe('1秒后重发')
    act(() => {
      jest.advanceTimersByTime(1000)
    })
    expect(codeButton().textContent).toBe('获取验证码')
    expect(codeButton().className).not.toContain('is-waiting')

    // and a new code may be requested again
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    expect(bodiesTo(SEND_CODE)).toHaveLength(2)
  })

  it('counts down from the resendAfter the server gives', async () => {
    useFakeClock()
    serve({ [SEND_CODE]: () => ok({ resendAfter: 30, sentTo: '138****8000' }) })
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await screen.findByText('30秒后重发')
    act(() => {
      jest.advanceTimersByTime(30000)
    })
    expect(codeButton().textContent).toBe('获取验证码')
  })

  it('a click during the countdown toasts 请等待倒计时结束后再重新发送 and sends nothing', async () => {
    useFakeClock()
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    act(() => {
      jest.advanceTimersByTime(10000)
    })

    fireEvent.click(codeButton())
    await waitFor(() => expect(lastToast()).toBe('请等待倒计时结束后再重新发送'))
    expect(toasts()).toEqual(['验证码已发送', '请等待倒计时结束后再重新发送'])
    expect(taro.request).toHaveBeenCalledTimes(1)
    expect(codeButton().textContent).toBe('50秒后重发')
  })

  it('the email tab sends channel email with the trimmed address and has its own countdown', async () => {
    useFakeClock()
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')

    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    // the mobile countdown does not hold the e-mail channel
    expect(codeButton().textContent).toBe('获取验证码')
    await typeInto('email', '  zhang@example.com ')
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    expect(bodiesTo(SEND_CODE)[1]).toStrictEqual({
      channel: 'email',
      email: 'zhang@example.com',
      eventCode: 'E1',
      funcModule: 'signupContact',
      funcOperation: 'getSignupContactMessage',
    })
  })

  it('a refused send (server error) toasts its msgText, starts no countdown and keeps the mobile', async () => {
    serve({ [SEND_CODE]: () => fail('ECODE1002', '今日获取验证码次数已达上限') })
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await waitFor(() => expect(toasts()).toEqual(['今日获取验证码次数已达上限']))
    expect(codeButton().textContent).toBe('获取验证码')
    expect(valueOf('mobile')).toBe('13800138000')
    // no code was sent: the submit still asks for one first
    await typeInto('code', '')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请先获取验证码'))
  })
})

describe('submit', () => {
  it('without requesting a code toasts 请先获取验证码 and sends nothing', async () => {
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(submitButton())
    await waitFor(() => expect(toasts()).toEqual(['请先获取验证码']))
    expect(taro.request).not.toHaveBeenCalled()
  })

  it('with a code requested but not typed toasts 请输入验证码', async () => {
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入验证码'))
    expect(bodiesTo(LOGIN)).toHaveLength(0)
  })

  it('without the agreement toasts 请阅读并同意用户协议 and sends nothing', async () => {
    await renderForm()
    await mobileWithCode()
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请阅读并同意用户协议'))
    expect(bodiesTo(LOGIN)).toHaveLength(0)
  })

  it('the agreement toggles from the box and from its text; the link shows the agreement', async () => {
    await renderForm()
    expect(checkbox().getAttribute('aria-checked')).toBe('false')
    fireEvent.click(checkbox())
    await waitFor(() => expect(checkbox().getAttribute('aria-checked')).toBe('true'))
    expect(checkbox().textContent).toBe('✓')
    fireEvent.click(screen.getByText('我已阅读并同意'))
    await waitFor(() => expect(checkbox().getAttribute('aria-checked')).toBe('false'))

    fireEvent.click(screen.getByText('《用户协议》'))
    await waitFor(() => expect(taro.showModal).toHaveBeenCalledTimes(1))
    expect(taro.showModal.mock.calls[0][0]).toMatchObject({ title: '用户协议', showCancel: false, confirmText: '确定' })
    expect(taro.showModal.mock.calls[0][0].content).toContain('为向您提供参会服务')
    // reading it does not tick the box
    expect(checkbox().getAttribute('aria-checked')).toBe('false')
  })

  it.each([
    // sent here by a page that needs the login (a poster scanned as a guest): back there with its parameters
    ['signIn', 'code=MAIN-ABCDEFGHJK', '/pages/pagesUser/signIn/signIn?ehc=demo&ec=E1&code=MAIN-ABCDEFGHJK'],
    // a return that is not a page of the app goes home, never elsewhere
    ['https://evil.example.com', 'code=x', '/pages/pagesUser/home/home?ehc=demo&ec=E1'],
    // the guard's redirect of a deep link (lib/router/guard.ts redirectOf): the page with its own query
    ['trainSearchTicketList', `from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&date=2026-12-01`, `/pages/trainTicket/searchTicketList/index?ehc=demo&ec=E1&from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&date=2026-12-01`],
    // never back to login itself
    ['login', 'x=1', '/pages/pagesUser/home/home?ehc=demo&ec=E1'],
  ])('after login with back=%s&backQuery=%s: reLaunches to %s', async (back, backQuery, url) => {
    setRouterParams({ ehc: 'demo', ec: 'E1', back, backQuery })
    await renderForm()
    await mobileWithCode()
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(taro.reLaunch).toHaveBeenCalledWith({ url })
  })

  it('a successful mobile login stores token + tokenMd5 and reLaunches to home with ehc and ec', async () => {
    await renderForm()
    await mobileWithCode()
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())

    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/pagesUser/home/home?ehc=demo&ec=E1' })
    expect(bodiesTo(LOGIN)).toStrictEqual([
      { loginType: 'mobile', eventCode: 'E1', mobile: '13800138000', code: '123456', funcModule: 'guest', funcOperation: 'login' },
    ])
    const s = appState()
    expect(s.token).toBe('tok-1')
    expect(s.tokenMd5).toBe('md5-1')
    expect(s.user).toEqual(USER)
    // persisted through Taro storage, so the next page's guard sees it
    const saved = JSON.parse(storage.get(STORE_KEY) as string).state
    expect(saved.token).toBe('tok-1')
    expect(saved.tokenMd5).toBe('md5-1')
    expect(lastToast()).toBe('登录成功')
    expect(taro.navigateTo).not.toHaveBeenCalled()
  })

  it('an email login sends the trimmed email and the code, nothing of the other tabs', async () => {
    await renderForm()
    await typeInto('mobile', '13900139000')
    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    await typeInto('email', ' a@example.com ')
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    await typeInto('code', '000111')
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(bodiesTo(LOGIN)).toStrictEqual([
      { loginType: 'email', eventCode: 'E1', email: 'a@example.com', code: '000111', funcModule: 'guest', funcOperation: 'login' },
    ])
  })

  it('a code sent to the mobile does not count for the email tab', async () => {
    await renderForm()
    await mobileWithCode()
    fireEvent.click(tab('邮箱登录'))
    await waitFor(() => expect(hasField('email')).toBe(true))
    await typeInto('email', 'a@example.com')
    await typeInto('code', '')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请先获取验证码'))
  })

  it('account mode sends {loginType: account, userName, password} and nothing else typed', async () => {
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(tab('账号密码登录'))
    await waitFor(() => expect(hasField('userName')).toBe(true))

    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入用户名'))
    await typeInto('userName', ' zhangsan ')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入登录密码'))
    await typeInto('password', 'Secret 1')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请阅读并同意用户协议'))
    expect(taro.request).not.toHaveBeenCalled()

    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(bodiesTo(LOGIN)).toStrictEqual([
      { loginType: 'account', eventCode: 'E1', userName: 'zhangsan', password: 'Secret 1', funcModule: 'guest', funcOperation: 'login' },
    ])
    expect(appState().token).toBe('tok-1')
  })

  it('EREG1036 (not registered): a modal offers registration, no toast; confirm opens the register page', async () => {
    serve({ [LOGIN]: () => fail('EREG1036', '您尚未报名本次活动') })
    await renderForm()
    await mobileWithCode()
    fireEvent.click(checkbox())
    taro.showToast.mockClear()
    fireEvent.click(submitButton())

    await waitFor(() => expect(taro.navigateTo).toHaveBeenCalledTimes(1))
    expect(taro.showModal).toHaveBeenCalledTimes(1)
    expect(taro.showModal).toHaveBeenCalledWith({
      title: '提示',
      content: '您尚未报名本次会议，是否前往报名？',
      confirmText: '去报名',
      cancelText: '取消',
    })
    expect(taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/pagesUser/register/register?ehc=demo&ec=E1' })
    expect(taro.showToast).not.toHaveBeenCalled()
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(appState().token).toBeNull()
  })

  it('EREG1036 cancelled: stays on the form with everything typed', async () => {
    serve({ [LOGIN]: () => fail('EREG1036', '您尚未报名本次活动') })
    taro.showModal.mockResolvedValue({ confirm: false, cancel: true })
    await renderForm()
    await mobileWithCode()
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.showModal).toHaveBeenCalledTimes(1))
    await act(async () => undefined)
    expect(taro.navigateTo).not.toHaveBeenCalled()
    expect(valueOf('mobile')).toBe('13800138000')
    expect(valueOf('code')).toBe('123456')
  })

  it('a business error (ELOG1001) toasts its msgText and keeps every typed value', async () => {
    serve({ [LOGIN]: () => fail('ELOG1001', '验证码错误') })
    await renderForm(eventWith({ loginExtraFields: ['roomNumber'] }))
    await mobileWithCode('13800138000', '999999')
    await typeInto('roomNumber', '808')
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())

    await waitFor(() => expect(lastToast()).toBe('验证码错误'))
    expect(taro.showToast).toHaveBeenLastCalledWith({ title: '验证码错误', icon: 'none', duration: 2000 })
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(appState().token).toBeNull()
    expect(valueOf('mobile')).toBe('13800138000')
    expect(valueOf('code')).toBe('999999')
    expect(valueOf('roomNumber')).toBe('808')
    expect(checkbox().getAttribute('aria-checked')).toBe('true')
    // still counting down: the code just sent is still the one to use
    expect(codeButton().textContent).toMatch(/^\d+秒后重发$/)

    // the button is usable again: a corrected code logs in
    await waitFor(() => expect(submitButton().className).not.toContain('at-button--icon'))
    serve({ [LOGIN]: () => ok({ token: 'tok-2', tokenMd5: 'md5-2', expiresAt: '2026-12-01T00:00:00+08:00', user: USER }) })
    await typeInto('code', '123456')
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/pagesUser/home/home?ehc=demo&ec=E1' }))
    expect(bodiesTo(LOGIN).map((b) => b.code)).toEqual(['999999', '123456'])
    expect(appState().token).toBe('tok-2')
  })

  it('a toast-and-return notice (EREG1040 under review) toasts once and does not log in', async () => {
    serve({ [LOGIN]: () => fail('EREG1040', '您的报名正在审核中') })
    await renderForm()
    await mobileWithCode()
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('您的报名正在审核中'))
    await act(async () => undefined)
    expect(toasts().filter((t) => t === '您的报名正在审核中')).toHaveLength(1)
    expect(taro.showModal).not.toHaveBeenCalled()
    expect(taro.reLaunch).not.toHaveBeenCalled()
    expect(appState().token).toBeNull()
  })
})

describe('double taps', () => {
  it('two quick taps on 获取验证码 send one code', async () => {
    await renderForm()
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    fireEvent.click(codeButton())
    await screen.findByText('60秒后重发')
    await realDelay()
    expect(bodiesTo(SEND_CODE)).toHaveLength(1)
    expect(toasts()).toEqual(['验证码已发送'])
  })

  it('two quick taps on 登录 log in once', async () => {
    await renderForm(eventWith({ loginModes: ['account'] }))
    await typeInto('userName', 'zhangsan')
    await typeInto('password', 'pw')
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    await realDelay()
    expect(bodiesTo(LOGIN)).toHaveLength(1)
    expect(taro.reLaunch).toHaveBeenCalledTimes(1)
  })
})

describe('extra fields required by the event', () => {
  const EXTRA = eventWith({ loginExtraFields: ['idNumber', 'visitingCode', 'roomNumber'] })

  it('shows the three fields with their labels', async () => {
    await renderForm(EXTRA)
    expect(screen.getByText('证件号码')).toBeTruthy()
    expect(screen.getByText('参会码')).toBeTruthy()
    expect(screen.getByText('房间号')).toBeTruthy()
    expect(fieldHost('idNumber').getAttribute('placeholder')).toBe('请输入证件号码')
    expect(fieldHost('visitingCode').getAttribute('placeholder')).toBe('请输入参会码')
    expect(fieldHost('roomNumber').getAttribute('placeholder')).toBe('请输入房间号')
  })

  it('an event without extra fields shows none of them', async () => {
    await renderForm()
    expect(hasField('idNumber')).toBe(false)
    expect(hasField('visitingCode')).toBe(false)
    expect(hasField('roomNumber')).toBe(false)
  })

  it('validates them in order and sends them trimmed with the mode\'s fields', async () => {
    await renderForm(EXTRA)
    await mobileWithCode()
    fireEvent.click(checkbox())

    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入证件号码'))
    await typeInto('idNumber', '110105194912310021')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请填写正确的证件号码'))
    await typeInto('idNumber', ` ${ID_OK} `)
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入参会码'))
    await typeInto('visitingCode', ' V-01 ')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入房间号'))
    expect(bodiesTo(LOGIN)).toHaveLength(0)

    await typeInto('roomNumber', ' 808 ')
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(bodiesTo(LOGIN)).toStrictEqual([
      {
        loginType: 'mobile',
        eventCode: 'E1',
        mobile: '13800138000',
        code: '123456',
        idNumber: ID_OK,
        visitingCode: 'V-01',
        roomNumber: '808',
        funcModule: 'guest',
        funcOperation: 'login',
      },
    ])
  })

  it('account mode sends them too', async () => {
    await renderForm(eventWith({ loginModes: ['account'], loginExtraFields: ['visitingCode'] }))
    await typeInto('userName', 'zhangsan')
    await typeInto('password', 'pw')
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('请输入参会码'))
    await typeInto('visitingCode', 'V9')
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.reLaunch).toHaveBeenCalledTimes(1))
    expect(bodiesTo(LOGIN)).toStrictEqual([
      { loginType: 'account', eventCode: 'E1', userName: 'zhangsan', password: 'pw', visitingCode: 'V9', funcModule: 'guest', funcOperation: 'login' },
    ])
  })
})

describe('English (store language en)', () => {
  beforeEach(() => {
    appState().setLanguage('en')
  })

  it('shows the form in English', async () => {
    render(<LoginForm event={eventWith({ loginExtraFields: ['idNumber', 'visitingCode', 'roomNumber'] })} />)
    await screen.findByText('Get code')
    const tabs = Array.from(document.body.querySelectorAll('.login-form__tab')).map((t) => t.textContent)
    expect(tabs).toEqual(['Mobile', 'Email', 'Password'])
    expect(fieldHost('mobile').getAttribute('placeholder')).toBe('Enter your mobile number')
    expect(fieldHost('code').getAttribute('placeholder')).toBe('6-digit code')
    expect(screen.getByText('Code')).toBeTruthy()
    expect(screen.getByText('ID number')).toBeTruthy()
    expect(screen.getByText('Visiting code')).toBeTruthy()
    expect(screen.getByText('Room number')).toBeTruthy()
    expect(screen.getByText('I have read and agree to the')).toBeTruthy()
    expect(screen.getByText('User Agreement')).toBeTruthy()
    expect(submitButton().textContent).toBe('Log in')
    expect(screen.queryByText('获取验证码')).toBeNull()
  })

  it('toasts, countdown and the request header are English', async () => {
    useFakeClock()
    render(<LoginForm event={EVENT} />)
    await screen.findByText('Get code')
    fireEvent.click(codeButton())
    await waitFor(() => expect(toasts()).toEqual(['Please enter your mobile number']))
    await typeInto('mobile', '1380013800')
    fireEvent.click(codeButton())
    await waitFor(() => expect(lastToast()).toBe('Please fill in a correct mobile number'))
    await typeInto('mobile', '13800138000')
    fireEvent.click(codeButton())
    await screen.findByText('Resend in 60s')
    expect(lastToast()).toBe('Verification code sent')
    expect(taro.request.mock.calls[0][0].header.lang).toBe('en')
    act(() => {
      jest.advanceTimersByTime(5000)
    })
    expect(codeButton().textContent).toBe('Resend in 55s')
    fireEvent.click(codeButton())
    await waitFor(() => expect(lastToast()).toBe('Please wait for the countdown before resending'))

    await typeInto('code', '123456')
    fireEvent.click(submitButton())
    await waitFor(() => expect(lastToast()).toBe('Please read and agree to the user agreement'))
  })

  it('the not-registered modal is English', async () => {
    serve({ [LOGIN]: () => fail('EREG1036', 'You have not registered for this event') })
    render(<LoginForm event={eventWith({ loginModes: ['account'] })} />)
    await typeInto('userName', 'u')
    await typeInto('password', 'p')
    fireEvent.click(checkbox())
    fireEvent.click(submitButton())
    await waitFor(() => expect(taro.showModal).toHaveBeenCalledTimes(1))
    expect(taro.showModal).toHaveBeenCalledWith({
      title: 'Notice',
      content: 'You have not registered for this event. Register now?',
      confirmText: 'Register',
      cancelText: 'Cancel',
    })
  })
})
