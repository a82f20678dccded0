import { View, Text } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import type { EventInfo, LoginMode } from '@contracts/event'
import { CODE_LENGTH, RESEND_SECONDS } from '@contracts/validation'
import { alert, confirm, toast } from '@/lib/feedback'
import { useI18n, type MessageKey } from '@/lib/i18n'
import { RequestError } from '@/lib/request'
import { navigateTo, reLaunch } from '@/lib/router/navigate'
import { returnTarget } from '@/lib/router/returnTo'
import { useAppStore } from '@/store'
import { pressable } from '@/ui/pressable'
import { TextField } from '@/ui/TextField'
import { guestLogin } from '../api/login'
import { sendLoginCode } from '../api/send-code'
import { useCountdown } from '../hooks/useCountdown'
import { useRegistrationOpen } from '../hooks/useRegistrationOpen'
import { emptyLoginForm, loginRequestOf, validateCodeTarget, validateLogin, type LoginFormValues } from '../model/loginForm'
import './LoginForm.scss'

const MODE_LABEL: Record<LoginMode, MessageKey> = {
  mobile: 'login.modeMobile',
  email: 'login.modeEmail',
  account: 'login.modeAccount',
}

/** The three ways in of spec §1 plus the extra proof an event may ask for. */
export function LoginForm({ event }: { event: EventInfo }) {
  const router = useRouter()
  const { t } = useI18n()
  const setSession = useAppStore((s) => s.setSession)
  const registrationOpen = useRegistrationOpen(event.eventCode)
  const modes = event.loginModes.length ? event.loginModes : (['mobile'] as LoginMode[])
  const [mode, setMode] = useState<LoginMode>(modes[0])
  const [form, setForm] = useState<LoginFormValues>(emptyLoginForm)
  // per channel: a code sent to the mobile does not count for the e-mail tab
  const [codeRequested, setCodeRequested] = useState<Record<string, boolean>>({})
  const [sending, setSending] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const mobileCountdown = useCountdown()
  const emailCountdown = useCountdown()
  const countdown = mode === 'email' ? emailCountdown : mobileCountdown

  const set =
    <K extends keyof LoginFormValues>(key: K) =>
    (value: LoginFormValues[K]) =>
      setForm((f) => ({ ...f, [key]: value }))

  const getCode = async () => {
    if (countdown.left > 0) return toast(t('login.waitCountdown'))
    const problem = validateCodeTarget(mode, form)
    if (problem) return toast(t(problem))
    if (sending) return
    setSending(true)
    try {
      const r = await sendLoginCode(
        mode === 'mobile'
          ? { channel: 'sms', mobile: form.mobile.trim(), eventCode: event.eventCode }
          : { channel: 'email', email: form.email.trim(), eventCode: event.eventCode },
      )
      setCodeRequested((c) => ({ ...c, [mode]: true }))
      countdown.start(r.resendAfter || RESEND_SECONDS)
      toast(t('login.codeSent'))
    } catch {
      // the request client has told the user what went wrong; what they typed stays
    } finally {
      setSending(false)
    }
  }

  const submit = async () => {
    const problem = validateLogin(mode, form, {
      codeRequested: !!codeRequested[mode],
      extraFields: event.loginExtraFields,
    })
    if (problem) return toast(t(problem))
    if (submitting) return
    setSubmitting(true)
    try {
      const r = await guestLogin(loginRequestOf(mode, form, event.eventCode, event.loginExtraFields))
      if (r.kind === 'notice') {
        if (r.msgId === 'EREG1036') {
          if (await confirm({ content: t('login.notRegistered'), confirmText: t('login.goRegister') })) void navigateTo('register')
        }
        return
      }
      setSession(r.data)
      toast(t('login.success'))
      // sent here from a page that needs the login (a poster's check-in code scanned as a guest):
      // back there with what it was given (lib/router/returnTo.ts), else home
      const back = returnTarget(router.params)
      void (back ? reLaunch(back.name, back.query) : reLaunch('home'))
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
    } finally {
      setSubmitting(false)
    }
  }

  const showAgreement = () => alert({ title: t('login.agreementTitle'), content: t('login.agreementText') })

  const codeButton = (
    <View className={`login-form__code-btn ${countdown.left > 0 ? 'is-waiting' : ''}`} {...pressable(getCode, { disabled: countdown.left > 0 })}>
      {countdown.left > 0 ? t('login.resendIn', { s: countdown.left }) : t('login.getCode')}
    </View>
  )

  return (
    <View className='login-form'>
      {modes.length > 1 && (
        <View className='login-form__tabs' role='tablist'>
          {modes.map((m) => (
            <View
              key={m}
              className={`login-form__tab login-form__tab--${m} ${m === mode ? 'is-active' : ''}`}
              {...pressable(() => setMode(m), { role: 'tab', selected: m === mode })}
            >
              {t(MODE_LABEL[m])}
            </View>
          ))}
        </View>
      )}

      <View className='login-form__fields'>
        {mode === 'mobile' && (
          <TextField
            name='mobile'
            label={t('login.mobile')}
            value={form.mobile}
            placeholder={t('login.mobilePlaceholder')}
            onChange={set('mobile')}
            type='number'
            maxlength={11}
          />
        )}
        {mode === 'email' && (
          <TextField
            name='email'
            label={t('login.email')}
            value={form.email}
            placeholder={t('login.emailPlaceholder')}
            onChange={set('email')}
            maxlength={254}
          />
        )}
        {mode !== 'account' && (
          <TextField
            name='code'
            label={t('login.code')}
            value={form.code}
            placeholder={t('login.codePlaceholder')}
            onChange={set('code')}
            type='number'
            maxlength={CODE_LENGTH}
            suffix={codeButton}
          />
        )}
        {mode === 'account' && (
          <>
            <TextField
              name='userName'
              label={t('login.userName')}
              value={form.userName}
              placeholder={t('login.userNamePlaceholder')}
              onChange={set('userName')}
              maxlength={64}
            />
            <TextField
              name='password'
              label={t('login.password')}
              value={form.password}
              placeholder={t('login.passwordPlaceholder')}
              onChange={set('password')}
              password
              maxlength={64}
            />
          </>
        )}
        {event.loginExtraFields.includes('idNumber') && (
          <TextField
            name='idNumber'
            label={t('login.idNumber')}
            value={form.idNumber}
            placeholder={t('login.idNumberPlaceholder')}
            onChange={set('idNumber')}
            type='idcard'
            maxlength={18}
          />
        )}
        {event.loginExtraFields.includes('visitingCode') && (
          <TextField
            name='visitingCode'
            label={t('login.visitingCode')}
            value={form.visitingCode}
            placeholder={t('login.visitingCodePlaceholder')}
            onChange={set('visitingCode')}
            maxlength={32}
          />
        )}
        {event.loginExtraFields.includes('roomNumber') && (
          <TextField
            name='roomNumber'
            label={t('login.roomNumber')}
            value={form.roomNumber}
            placeholder={t('login.roomNumberPlaceholder')}
            onChange={set('roomNumber')}
            maxlength={16}
          />
        )}
      </View>

      <View className='login-form__agree'>
        {/* a drawn checkbox: its accessible name is the sentence beside it (a screen reader says what is agreed to) */}
        <View
          className={`login-form__check ${form.agreed ? 'is-checked' : ''}`}
          {...pressable(() => set('agreed')(!form.agreed), {
            role: 'checkbox',
            checked: form.agreed,
            label: `${t('login.agreePrefix')}${t('login.userAgreement')}`,
          })}
        >
          {form.agreed ? '✓' : ''}
        </View>
        <Text onClick={() => set('agreed')(!form.agreed)}>{t('login.agreePrefix')}</Text>
        <Text className='login-form__link' {...pressable(showAgreement, { role: 'link' })}>
          {t('login.userAgreement')}
        </Text>
      </View>

      <Button type='primary' className='login-form__submit' loading={submitting} onClick={submit}>
        {t('login.submit')}
      </Button>
      {registrationOpen && (
        <View className='login-form__register'>
          <Text>{t('login.notYetRegistered')}</Text>
          <Text className='login-form__link login-form__register-link' {...pressable(() => void navigateTo('register'), { role: 'link' })}>
            {t('login.goRegister')}
          </Text>
        </View>
      )}
    </View>
  )
}
