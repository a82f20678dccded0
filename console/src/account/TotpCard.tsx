/** The authenticator: switched on by scanning a new secret and typing one code from it; off with a current code. */
import { useState } from 'react'
import { App, Button, Card, Form, Input, Space, Typography } from 'antd'
import QRCode from 'qrcode'
import type { TotpEnrolment } from '@contracts/admin/staff'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { fetchProfile, startTotp, turnOffTotp, turnOnTotp } from './api'

export function TotpCard() {
  const t = useT()
  const { message } = App.useApp()
  const { profile, setProfile } = useConsole()
  const [enrolment, setEnrolment] = useState<(TotpEnrolment & { qr: string }) | null>(null)
  const { busy, error, run } = useBusy()
  const [form] = Form.useForm<{ code: string }>()

  const begin = () =>
    run(async () => {
      const e = await startTotp()
      setEnrolment({ ...e, qr: await QRCode.toDataURL(e.uri, { margin: 1, width: 200 }) })
    })
  const finish = (code: string, on: boolean) =>
    run(async () => {
      await (on ? turnOnTotp(code) : turnOffTotp(code))
      setEnrolment(null)
      form.resetFields()
      setProfile(await fetchProfile())
      message.success(on ? t('account.totpEnabled') : t('account.totpDisabled'))
    })

  const codeField = (
    <Form.Item label={t('login.totp')} name='code' rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.totpHelp') }]}>
      <Input inputMode='numeric' autoComplete='one-time-code' maxLength={6} style={{ maxWidth: 160 }} />
    </Form.Item>
  )
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('account.totp')}</h2>}>
      <ErrorNotice message={error} />
      <Typography.Paragraph>{profile?.totpEnabled ? t('account.totpOn') : t('account.totpOff')}</Typography.Paragraph>
      {profile?.totpEnabled ? (
        <Form form={form} layout='vertical' onFinish={(v) => finish(v.code, false)}>
          {codeField}
          <Button danger htmlType='submit' loading={busy}>
            {t('account.totpDisable')}
          </Button>
        </Form>
      ) : enrolment ? (
        <Form form={form} layout='vertical' onFinish={(v) => finish(v.code, true)}>
          <Typography.Paragraph>{t('account.totpScan')}</Typography.Paragraph>
          <Space align='start' wrap>
            <img src={enrolment.qr} alt={t('account.qrAlt')} width={200} height={200} />
            <Typography.Text code copyable>
              {enrolment.secret}
            </Typography.Text>
          </Space>
          {codeField}
          <Button type='primary' htmlType='submit' loading={busy}>
            {t('account.totpConfirm')}
          </Button>
        </Form>
      ) : (
        <Button onClick={begin} loading={busy}>
          {t('account.totpBegin')}
        </Button>
      )}
    </Card>
  )
}
