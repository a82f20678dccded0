/**
 * A notice to a filtered set of the event's attendees: the attendee list's filters, a channel, the
 * text in Chinese and in English with {name}; the preview counts who gets it in which language and
 * shows both texts; sending asks once more with the count. The notice's key is made when the
 * drawer opens, so a second press (or a lost answer sent again) sends nothing more.
 */
import { useRef, useState } from 'react'
import { Alert, Button, Card, Drawer, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'
import { NOTICE_CHANNELS, fillTemplate, type NoticeDraft, type NoticePreview } from '@contracts/admin/notices'
import { useT } from '../lib/i18n'
import { useConsole } from '../lib/store'
import { useLoad } from '../lib/useLoad'
import { useBusy } from '../lib/useBusy'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchAttendeeTypes } from '../attendees/api'
import { CHECKINS, STATUSES } from '../attendees/filters'
import { fetchNoticePreview, newNoticeKey, postNotice } from './api'

type Fields = Omit<NoticeDraft, 'eventCode'>

const INITIAL: Fields = { keyword: '', userType: '', status: 'approved', checkin: 'all', channel: 'sms', templateZh: '', templateEn: '' }

interface Props {
  eventCode: string
  onClose: () => void
  onSent: (queued: number) => void
}

export function NoticeDrawer({ eventCode, onClose, onSent }: Props) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const [form] = Form.useForm<Fields>()
  const types = useLoad(() => fetchAttendeeTypes(eventCode), [eventCode])
  const key = useRef(newNoticeKey())
  const { busy, error, run } = useBusy()
  // the preview of the draft as it was previewed; a change to the draft asks for a new one
  const [preview, setPreview] = useState<{ draft: Fields; answer: NoticePreview } | null>(null)
  const allOption = { value: '', label: t('attendees.all') }
  const templateRules = [{ required: true, whitespace: true, message: t('notice.templateNeeded') }]

  const doPreview = () =>
    form.validateFields().then(
      (v) =>
        run(async () => {
          setPreview({ draft: v, answer: await fetchNoticePreview({ eventCode, ...v }) })
        }),
      () => undefined,
    )
  const doSend = () =>
    run(async () => {
      if (!preview) return
      const r = await postNotice({ eventCode, ...preview.draft, idempotencyKey: key.current })
      onSent(r.queued)
    })
  const reached = preview ? preview.answer.zh + preview.answer.en : 0

  return (
    <Drawer
      open
      size={560}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('notice.title')}</h2>}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {/* disabled while busy, not `loading`: antd keeps the spinner's "loading" label in the button's name */}
          <Button disabled={busy} onClick={doPreview}>
            {t('notice.preview')}
          </Button>
          <Popconfirm title={t('notice.confirm', { count: reached })} onConfirm={doSend} disabled={!preview || reached === 0}>
            <Button type='primary' disabled={busy || !preview || reached === 0}>
              {t('notice.send')}
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      }
    >
      <ErrorNotice message={error} />
      <Form<Fields> form={form} name='notice' layout='vertical' initialValues={INITIAL} onValuesChange={() => setPreview(null)}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t('notice.who')}</legend>
          <Form.Item label={t('attendees.search')} name='keyword'>
            <Input autoComplete='off' placeholder={t('attendees.searchPlaceholder')} maxLength={64} />
          </Form.Item>
          <Space wrap>
            <Form.Item label={t('attendees.col.type')} name='userType'>
              <Select
                style={{ minWidth: 140 }}
                options={[allOption, ...(types.data ?? []).map((ty) => ({ value: ty.code, label: lang === 'en' ? ty.labelEn || ty.labelZh : ty.labelZh }))]}
              />
            </Form.Item>
            <Form.Item label={t('attendees.col.status')} name='status'>
              <Select style={{ minWidth: 140 }} options={[allOption, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]} />
            </Form.Item>
            <Form.Item label={t('attendees.col.checkin')} name='checkin'>
              <Select style={{ minWidth: 140 }} options={CHECKINS.map((c) => ({ value: c, label: t(`attendees.checkin.${c}`) }))} />
            </Form.Item>
          </Space>
        </fieldset>
        <Form.Item label={t('notice.channel')} name='channel'>
          <Radio.Group options={NOTICE_CHANNELS.map((c) => ({ value: c, label: t(`notice.channel.${c}`) }))} />
        </Form.Item>
        <Form.Item label={t('notice.templateZh')} name='templateZh' rules={templateRules} extra={t('notice.templateHelp')}>
          <Input.TextArea rows={3} maxLength={NOTICE_RULES.templateMaxLength} showCount />
        </Form.Item>
        <Form.Item label={t('notice.templateEn')} name='templateEn' rules={templateRules}>
          <Input.TextArea rows={3} maxLength={NOTICE_RULES.templateMaxLength} showCount />
        </Form.Item>
      </Form>
      {preview && (
        <section aria-label={t('notice.previewTitle')} aria-live='polite'>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('notice.previewTitle')}
          </Typography.Title>
          <Alert
            type={reached ? 'info' : 'warning'}
            showIcon
            title={t('notice.count', { count: reached, zh: preview.answer.zh, en: preview.answer.en })}
            description={preview.answer.unreachable ? t('notice.unreachable', { count: preview.answer.unreachable }) : undefined}
          />
          <Space direction='vertical' style={{ width: '100%', marginTop: 12 }}>
            <Card size='small' title={t('notice.previewZh')}>
              <span lang='zh-CN'>{fillTemplate(preview.draft.templateZh, preview.answer.sampleZh || t('notice.sampleName'))}</span>
            </Card>
            <Card size='small' title={t('notice.previewEn')}>
              <span lang='en'>{fillTemplate(preview.draft.templateEn, preview.answer.sampleEn || t('notice.sampleName'))}</span>
            </Card>
          </Space>
        </section>
      )}
    </Drawer>
  )
}
