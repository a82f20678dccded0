/**
 * The registration form as the attendee sees it, per attendee type: its fields in order with their
 * labels in both languages, the required ones marked, their options; and the agenda with its times
 * on the event's clock.
 */
import { Card, Space, Table, Tag, Typography } from 'antd'
import type { AgendaPreviewItem } from '@contracts/admin/content'
import type { FieldConfig, FormConfig } from '@contracts/register-form'
import { useT } from '../lib/i18n'

/** the fields whose choices come from one of the form's lists */
const FIELD_LISTS: Partial<Record<FieldConfig['key'], string>> = { personalPosition: 'personalPosition', certificate: 'certificateType' }

const MB = 1024 * 1024
const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

export function FormPreview({ form, agenda, timeZone }: { form: FormConfig; agenda: AgendaPreviewItem[]; timeZone: string }) {
  const t = useT()
  const options = (f: FieldConfig) => {
    if (f.upload) return `${f.upload.formats.join(', ')} ≤ ${Math.round((f.upload.maxBytes / MB) * 10) / 10} MB`
    const list = FIELD_LISTS[f.key] ? form.lists[FIELD_LISTS[f.key]!] : undefined
    return list ? list.map((i) => `${i.labelZh} / ${i.labelEn}`).join('；') : ''
  }
  const label = (s: string) => s || <Typography.Text type='secondary'>{t('content.defaultLabel')}</Typography.Text>
  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Space wrap>
        <Tag>{form.open ? t('content.formOpen') : t('content.formClosed')}</Tag>
        <span>{t('content.maxActivities', { n: form.maxActivities ?? '∞' })}</span>
      </Space>
      {form.attendeeTypes.map((type) => (
        <Card
          key={type.code}
          size='small'
          title={
            <h3 className='content-card-title'>
              {type.labelZh} / {type.labelEn} <code>{type.code}</code> {type.audit && <Tag>{t('content.reviewed')}</Tag>}
              {type.byInvitation && <Tag>{t('content.byInvitation')}</Tag>}
            </h3>
          }
        >
          <Table<FieldConfig>
            rowKey='key'
            size='small'
            pagination={false}
            dataSource={type.fields}
            scroll={{ x: true }}
            columns={[
              { title: '#', render: (_, _f, i) => i + 1, width: 48 },
              { title: t('content.col.key'), dataIndex: 'key', render: (k: string) => <code>{k}</code> },
              { title: t('content.col.labelZh'), render: (_, f) => label(f.labelZh) },
              { title: t('content.col.labelEn'), render: (_, f) => label(f.labelEn) },
              { title: t('content.col.required'), render: (_, f) => (f.required ? <Tag color='red'>{t('content.required')}</Tag> : '') },
              { title: t('content.col.options'), render: (_, f) => options(f) },
            ]}
          />
        </Card>
      ))}
      <Card size='small' title={<h3 className='content-card-title'>{t('content.agenda', { zone: timeZone })}</h3>}>
        <Table<AgendaPreviewItem>
          rowKey='code'
          size='small'
          pagination={false}
          dataSource={agenda}
          scroll={{ x: true }}
          locale={{ emptyText: t('content.agendaEmpty') }}
          columns={[
            { title: t('content.col.time'), render: (_, a) => `${clock(a.startTime, timeZone)} – ${clock(a.endTime, timeZone).slice(11)}` },
            { title: t('content.col.title'), render: (_, a) => `${a.titleZh} / ${a.titleEn}` },
            { title: t('content.col.venue'), render: (_, a) => [a.venueZh, a.venueEn].filter(Boolean).join(' / ') },
            {
              title: t('content.col.signup'),
              render: (_, a) => (a.signupOpen ? t('content.signupOpen', { n: a.capacity ?? '∞' }) : ''),
            },
          ]}
        />
      </Card>
    </Space>
  )
}
