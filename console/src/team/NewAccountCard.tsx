/** The platform administrator makes a staff account; its first password is handed to the person, who changes it. */
import { App, Button, Card, Form, Input } from 'antd'
import { useT } from '../lib/i18n'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { newAccount } from './api'

interface Fields {
  userName: string
  name: string
  password: string
}

export function NewAccountCard({ onCreated }: { onCreated: (userName: string) => void }) {
  const t = useT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Fields>()
  const { busy, error, run } = useBusy()
  const submit = (v: Fields) =>
    run(async () => {
      await newAccount(v.userName, v.name, v.password)
      message.success(t('team.accountCreated'))
      form.resetFields()
      onCreated(v.userName.trim().toLowerCase())
    })
  const required = (field: Parameters<typeof t>[0]) => [{ required: true, whitespace: true, message: t('common.required', { field: t(field) }) }]
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('team.newAccount')}</h2>}>
      <ErrorNotice message={error} />
      <Form<Fields> name='newAccount' form={form} layout='vertical' onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item label={t('team.userName')} name='userName' extra={t('team.userNameHelp')} rules={required('team.userName')}>
          <Input autoComplete='off' />
        </Form.Item>
        <Form.Item label={t('team.name')} name='name' rules={required('team.name')}>
          <Input autoComplete='off' />
        </Form.Item>
        <Form.Item label={t('team.firstPassword')} name='password' extra={t('account.newPasswordHelp')} rules={required('team.firstPassword')}>
          <Input.Password autoComplete='new-password' />
        </Form.Item>
        <Button htmlType='submit' loading={busy}>
          {t('team.create')}
        </Button>
      </Form>
    </Card>
  )
}
