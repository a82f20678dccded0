/**
 * LoginForm's submit: what is checked before sending, what each mode sends, what a success
 * stores, and the answers of spec §8 (not registered, business errors, toast-and-return notices).
 * Helpers and the fake server: ./loginFormSupport.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { STORE_KEY, appState } from '@/store'
import { setRouterParams, storage, taro } from '../../support/taroComponentMock'
import { USER, bodiesTo, eventWith, fail, ok, serve, toasts } from '../../support/fakeServer'
import {
  LOGIN,
  checkbox,
  codeButton,
  hasField,
  lastToast,
  mobileWithCode,
  renderForm,
  submitButton,
  tab,
  typeInto,
  setUpLoginFormServer,
  valueOf,
} from './loginFormSupport'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

setUpLoginFormServer()

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
    [
      'trainSearchTicketList',
      `from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&date=2026-12-01`,
      `/pages/trainTicket/searchTicketList/index?ehc=demo&ec=E1&from=AOH&to=VNP&fromName=${encodeURIComponent('上海虹桥')}&date=2026-12-01`,
    ],
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
