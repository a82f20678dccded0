/** The audit log of one event (owner, organiser) or of everything (platform administrator), newest first. */
import { useState } from 'react'
import { Select, Space, Table, Typography } from 'antd'
import type { AuditEntry } from '@contracts/admin/audit'
import { useT, type TextKey } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useMay } from '../lib/roles'
import { useConsole } from '../lib/store'
import { navigate } from '../lib/router'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchEvents } from '../events/api'
import { fetchAudit } from './api'
import { ChangeView } from './ChangeView'

const PAGE_SIZE = 20
const ALL = ''

export function AuditPage({ eventCode }: { eventCode?: string }) {
  const t = useT()
  const may = useMay()
  const platformAdmin = useConsole((s) => !!s.profile?.platformAdmin)
  const events = useLoad(fetchEvents, [])
  const readable = (events.data ?? []).filter((e) => may(e.myRole, 'audit.read'))
  const chosen = eventCode ?? (platformAdmin ? ALL : readable[0]?.eventCode)
  const [page, setPage] = useState(1)
  const entries = useLoad(() => (chosen === undefined ? Promise.resolve(null) : fetchAudit(chosen || undefined, page, PAGE_SIZE)), [chosen, page])
  const actionText = (a: string) => {
    const key = `audit.action.${a}` as TextKey
    const text = t(key)
    return text === undefined ? a : text
  }

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('audit.title')}
        </Typography.Title>
        <Space>
          <label htmlFor='audit-event'>{t('audit.event')}</label>
          <Select
            id='audit-event'
            style={{ minWidth: 220 }}
            value={chosen}
            onChange={(v: string) => {
              setPage(1)
              navigate(v ? `/audit?event=${encodeURIComponent(v)}` : '/audit')
            }}
            options={[
              ...(platformAdmin ? [{ value: ALL, label: t('audit.allEvents') }] : []),
              ...readable.map((e) => ({ value: e.eventCode, label: e.eventCode })),
            ]}
          />
        </Space>
      </Space>
      <ErrorNotice message={entries.error ?? events.error} />
      <Table<AuditEntry>
        rowKey='id'
        loading={entries.loading}
        dataSource={entries.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: entries.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('audit.col.at'), render: (_, e) => new Date(e.at).toLocaleString(), width: 180 },
          { title: t('audit.col.who'), render: (_, e) => `${e.staffName} (${e.staffUserName})` },
          { title: t('audit.col.event'), render: (_, e) => e.eventCode ?? '—' },
          { title: t('audit.col.action'), render: (_, e) => actionText(e.action) },
          { title: t('audit.col.target'), dataIndex: 'target' },
          { title: t('audit.col.change'), render: (_, e) => <ChangeView entry={e} />, width: 360 },
        ]}
      />
    </>
  )
}
