/**
 * LoginForm's verification code: checks before sending, the countdown, refusals, and double taps
 * (one code, one login). Helpers and the fake server: ./loginFormSupport.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { taro } from '../../support/taroComponentMock'
import { bodiesTo, eventWith, fail, ok, realDelay, serve, toasts, useFakeClock } from '../../support/fakeServer'
import {
  LOGIN,
  SEND_CODE,
  checkbox,
  codeButton,
  hasField,
  lastToast,
  renderForm,
  submitButton,
  tab,
  typeInto,
  setUpLoginFormServer,
  valueOf,
} from './loginFormSupport'

jest.mock('@tarojs/taro', () => require('../../support/taroComponentMock').taroComponentMockModule())

setUpLoginFormServer()

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
