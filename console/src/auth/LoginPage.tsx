/**
 * Login: user name and password; when the account has an authenticator the server answers ESTF1003
 * and the page asks for its code, then sends all three again.
 */
import { useRef, useState } from 'react'
import { Button, Card, Form, Input, Space, Typography, type InputRef } from 'antd'
import { staffLogin } from '@contracts/admin/staff'
import { ApiError, call } from '../lib/request'
import { useConsole } from '../lib/store'
import { useT } from '../lib/i18n'
import { navigate } from '../lib/router'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'

interface Fields {
  userName: string
  password: string
  totp?: string
}

export function LoginPage() {
  const t = useT()
  const { signIn, lang, setLang, endedBecause } = useConsole()
  const [askTotp, setAskTotp] = useState(false)
  // a session that ended by itself says so here (its text is the server's, in the language it was asked in)
  const { busy, error, run } = useBusy(endedBecause)
  const totpRef = useRef<InputRef>(null)

  const submit = (v: Fields) =>
    run(async () => {
      try {
        const r = await call(staffLogin, { userName: v.userName, password: v.password, ...(askTotp && v.totp ? { totp: v.totp } : {}) })
        signIn(r.token, r.staff)
        navigate('/', { replace: true })
      } catch (e) {
        // a right password of an account with the authenticator on: the next step, not an error
        if (!(e instanceof ApiError && e.msgId === 'ESTF1003')) throw e
        setAskTotp(true)
        setTimeout(() => totpRef.current?.focus(), 0)
      }
    })

  return (
    <main className='console-login'>
      <Card className='console-login-card'>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} align='start'>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Button size='small' onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')} lang={lang === 'zh' ? 'en' : 'zh-CN'} title={t('lang.label')}>
            {t('lang.switchTo')}
          </Button>
        </Space>
        <ErrorNotice message={error} />
        <Form<Fields> layout='vertical' onFinish={submit} requiredMark={false}>
          <Form.Item
            label={t('login.userName')}
            name='userName'
            rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('login.userName') }) }]}
          >
            <Input autoComplete='username' autoFocus disabled={askTotp} />
          </Form.Item>
          <Form.Item label={t('login.password')} name='password' rules={[{ required: true, message: t('common.required', { field: t('login.password') }) }]}>
            <Input.Password autoComplete='current-password' disabled={askTotp} />
          </Form.Item>
          {askTotp && (
            <Form.Item
              label={t('login.totp')}
              name='totp'
              extra={t('login.totpHelp')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.totpHelp') }]}
            >
              <Input ref={totpRef} inputMode='numeric' autoComplete='one-time-code' maxLength={6} />
            </Form.Item>
          )}
          <Button type='primary' htmlType='submit' block loading={busy}>
            {askTotp ? t('login.totpSubmit') : t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  )
}
