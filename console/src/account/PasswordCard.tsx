/** Changing one's password: the current one, the new one twice. */
import { App, Button, Card, Form, Input } from 'antd'
import { useT } from '../lib/i18n'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { changePassword } from './api'

interface Fields {
  oldPassword: string
  newPassword: string
  confirm: string
}

export function PasswordCard() {
  const t = useT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Fields>()
  const { busy, error, run } = useBusy()
  const submit = (v: Fields) =>
    run(async () => {
      await changePassword(v.oldPassword, v.newPassword)
      form.resetFields()
      message.success(t('account.passwordChanged'))
    })
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('account.password')}</h2>}>
      <ErrorNotice message={error} />
      <Form<Fields> form={form} layout='vertical' onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item
          label={t('account.oldPassword')}
          name='oldPassword'
          rules={[{ required: true, message: t('common.required', { field: t('account.oldPassword') }) }]}
        >
          <Input.Password autoComplete='current-password' />
        </Form.Item>
        <Form.Item
          label={t('account.newPassword')}
          name='newPassword'
          extra={t('account.newPasswordHelp')}
          rules={[{ required: true, message: t('common.required', { field: t('account.newPassword') }) }]}
        >
          <Input.Password autoComplete='new-password' />
        </Form.Item>
        <Form.Item
          label={t('account.confirmPassword')}
          name='confirm'
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('common.required', { field: t('account.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('account.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete='new-password' />
        </Form.Item>
        <Button type='primary' htmlType='submit' loading={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}
