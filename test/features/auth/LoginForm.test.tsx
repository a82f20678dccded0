/**
 * LoginForm rendered under jsdom with a fake Taro (test/support/taroComponentMock) whose request
 * answers like the server: { status: 200, msgId: '', msgText: '', data } or
 * { status: 0, msgId, msgText, data: null }. Its modes and tabs, the event's extra fields, English.
 * Getting a code: LoginForm.code.test.tsx; submitting: LoginForm.submit.test.tsx.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { LoginForm } from '@/features/auth/components/LoginForm'
import { appState } from '@/store'
import { taro } from '../../support/taroComponentMock'
import { getFormOverview } from '@contracts/calls/register'
import { EVENT, bodiesTo, eventWith, fail, ok, serve, toasts, useFakeClock } from '../../support/fakeServer'
import {
  ID_OK,
  LOGIN,
  checkbox,
  codeButton,
  fieldHost,
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

  it("switching tabs shows that mode's fields and keeps what was typed in the others", async () => {
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

  it("validates them in order and sends them trimmed with the mode's fields", async () => {
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

describe('the way to register', () => {
  const overview = (open: boolean) => () =>
    ok({ eventCode: 'E1', open, maxActivities: null, editUntil: 'never', afterRegister: 'login', protocolZh: '', protocolEn: '', types: [] })

  it('an event open for registration: a "register" link under the form, to the registration page', async () => {
    serve({ [getFormOverview.path]: overview(true) })
    await renderForm()
    const link = await waitFor(() => {
      expect(document.body.querySelector('.login-form__register')?.textContent).toBe('还没有报名？去报名')
      return document.body.querySelector('.login-form__register-link') as Element
    })
    fireEvent.click(link)
    await waitFor(() => expect(String(taro.navigateTo.mock.calls.at(-1)?.[0]?.url)).toContain('/register'))
  })

  it('an event without registration (or closed): no link', async () => {
    serve({ [getFormOverview.path]: overview(false) })
    await renderForm()
    await act(async () => undefined)
    expect(document.body.querySelector('.login-form__register-link')).toBeNull()
  })
})
