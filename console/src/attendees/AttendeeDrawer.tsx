/**
 * Adding an attendee or editing one: their name, contacts, company, type and registration status.
 * A refusal of the server that names a field is shown at that field; any other above the form.
 */
import { Button, Drawer, Form, Input, Select, Space } from 'antd'
import type { AttendeeListItem, SaveAttendeeRequest } from '@contracts/admin/attendees'
import type { AttendeeTypeConfig } from '@contracts/register-form'
import { isEmail, isMobile } from '@contracts/validation'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { ApiError } from '../lib/request'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { storeAttendee } from './api'
import { STATUSES } from './filters'

type Fields = Omit<SaveAttendeeRequest, 'eventCode' | 'userCode'>

/** the fields each refusal of saveAttendee is about */
const REFUSAL_FIELDS: Record<string, Array<keyof Fields>> = {
  EADM3001: ['name'],
  EADM3002: ['mobile', 'email'],
  EADM3003: ['mobile', 'email'],
  EADM3004: ['mobile', 'email'],
  EADM3005: ['userType'],
}

interface Props {
  eventCode: string
  /** null: a new attendee */
  attendee: AttendeeListItem | null
  types: Array<Omit<AttendeeTypeConfig, 'fields'>>
  onClose: () => void
  onSaved: () => void
}

export function AttendeeDrawer({ eventCode, attendee, types, onClose, onSaved }: Props) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const [form] = Form.useForm<Fields>()
  const { busy, error, run } = useBusy()
  const typeOptions = types.length
    ? types.map((ty) => ({ value: ty.code, label: lang === 'en' ? ty.labelEn || ty.labelZh : ty.labelZh }))
    : [{ value: 'attendee', label: 'attendee' }]
  const initial: Fields = attendee
    ? { name: attendee.name, mobile: attendee.mobile, email: attendee.email, company: attendee.company, userType: attendee.userType, status: attendee.status }
    : { name: '', mobile: '', email: '', company: '', userType: typeOptions[0].value, status: 'approved' }

  const submit = (v: Fields) =>
    run(async () => {
      try {
        await storeAttendee({ eventCode, userCode: attendee?.userCode ?? '', ...v, company: v.company ?? '' })
      } catch (e) {
        // a refusal about a field is shown at it; any other above the form
        const fields = e instanceof ApiError ? REFUSAL_FIELDS[e.msgId] : undefined
        if (!fields) throw e
        // of the contacts, the ones given are those it is about
        const given = fields.filter((name) => String(v[name] ?? '').trim())
        form.setFields((given.length ? given : fields).map((name) => ({ name, errors: [(e as Error).message] })))
        return
      }
      onSaved()
    })

  // one contact at least; each that is given, well formed (the server checks the same)
  const contactRule = (check: (s: string) => boolean) => ({
    validator: async (_: unknown, value: string) => {
      const { mobile, email } = form.getFieldsValue(['mobile', 'email']) as Fields
      if (!mobile?.trim() && !email?.trim()) throw new Error(t('attendees.form.contactNeeded'))
      if (value?.trim() && !check(value.trim())) throw new Error(t('attendees.form.contactInvalid'))
    },
  })

  return (
    <Drawer
      open
      size={480}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{attendee ? t('attendees.editTitle', { name: attendee.name }) : t('attendees.addTitle')}</h2>}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button type='primary' loading={busy} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      }
    >
      <ErrorNotice message={error} />
      <Form<Fields> form={form} name='attendee' layout='vertical' initialValues={initial} onFinish={submit}>
        <Form.Item
          label={t('attendees.col.name')}
          name='name'
          rules={[{ required: true, whitespace: true, message: t('common.required', { field: t('attendees.col.name') }) }]}
        >
          <Input autoComplete='off' maxLength={64} />
        </Form.Item>
        <Form.Item label={t('attendees.col.mobile')} name='mobile' dependencies={['email']} rules={[contactRule(isMobile)]}>
          <Input autoComplete='off' inputMode='tel' maxLength={20} />
        </Form.Item>
        <Form.Item
          label={t('attendees.col.email')}
          name='email'
          dependencies={['mobile']}
          rules={[contactRule(isEmail)]}
          extra={t('attendees.form.contactHelp')}
        >
          <Input autoComplete='off' inputMode='email' maxLength={254} />
        </Form.Item>
        <Form.Item label={t('attendees.col.company')} name='company'>
          <Input autoComplete='off' maxLength={128} />
        </Form.Item>
        <Form.Item
          label={t('attendees.col.type')}
          name='userType'
          rules={[{ required: true, message: t('common.required', { field: t('attendees.col.type') }) }]}
        >
          <Select options={typeOptions} />
        </Form.Item>
        <Form.Item label={t('attendees.col.status')} name='status'>
          <Select options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        {/* Enter in a field sends the form */}
        <button type='submit' hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  )
}
