/**
 * An event's message log: every SMS, e-mail and subscription message sent to its attendees and
 * whether it arrived; filters, search and page in the address (a reload or a shared link keeps them).
 */
import { Input, Select, Space, Table, Typography } from 'antd'
import { MESSAGE_CHANNELS, MESSAGE_STATES, type MessageLogItem } from '@contracts/admin/message-log'
import { useT, type TextKey } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useConsole } from '../lib/store'
import { useQueryState } from '../lib/useQueryState'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchMessageLog } from './api'
import { addressPagination } from '../lib/addressPaging'
import { logFiltersOf } from './filters'
import { MessageStateTag } from './MessageStateTag'

/** the kinds the log knows a name for; any other shows as the server names it */
const KINDS: Record<string, TextKey> = {
  'login.code': 'messages.kind.loginCode',
  'register.notice': 'messages.kind.review',
  'train.sms': 'messages.kind.train',
  'wechat.subscribeMessage': 'messages.kind.wechat',
  'notice.send': 'messages.kind.notice',
}

/** `version`: a change loads the log again (a notice was sent) */
export function MessageLog({ eventCode, version = 0 }: { eventCode: string; version?: number }) {
  const t = useT()
  const lang = useConsole((s) => s.lang)
  const [query, setQuery] = useQueryState()
  const filters = logFiltersOf(eventCode, query)
  const list = useLoad(() => fetchMessageLog(filters), [eventCode, query.toString(), version])
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN') : '—')
  // a filter changed: back to the first page
  const filter = (changes: Record<string, string | null>) => setQuery({ ...changes, page: null })
  const allOption = { value: '', label: t('attendees.all') }

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
        {t('messages.log')}
      </Typography.Title>
      <Space wrap role='search' aria-label={t('messages.searchArea')}>
        <Input.Search
          key={filters.recipient}
          defaultValue={filters.recipient}
          allowClear
          placeholder={t('messages.searchPlaceholder')}
          aria-label={t('messages.search')}
          enterButton={t('messages.search')}
          style={{ width: 320 }}
          onSearch={(v) => filter({ to: v.trim() || null })}
        />
        <Select
          aria-label={t('messages.col.channel')}
          value={filters.channel}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ channel: v || null })}
          options={[allOption, ...MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))]}
          prefix={`${t('messages.col.channel')}:`}
        />
        <Select
          aria-label={t('messages.col.state')}
          value={filters.state}
          style={{ minWidth: 140 }}
          onChange={(v) => filter({ state: v || null })}
          options={[allOption, ...MESSAGE_STATES.map((s) => ({ value: s, label: t(`messages.state.${s}`) }))]}
          prefix={`${t('messages.col.state')}:`}
        />
      </Space>
      <ErrorNotice message={list.error} />
      <Table<MessageLogItem>
        rowKey='id'
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1100 }}
        // the text's own colour: antd's faint grey falls below 4.5:1, and further under a drawer's mask
        locale={{ emptyText: <Typography.Text>{t('messages.empty')}</Typography.Text> }}
        pagination={addressPagination({ ...filters, total: list.data?.total ?? 0, showTotal: (total) => t('messages.total', { total }), setQuery })}
        columns={[
          { title: t('messages.col.createdAt'), render: (_, m) => time(m.createdAt) },
          { title: t('messages.col.channel'), render: (_, m) => t(`messages.channel.${m.channel}`) },
          { title: t('messages.col.recipient'), render: (_, m) => (m.attendeeName ? `${m.attendeeName} ${m.recipient}` : m.recipient) },
          { title: t('messages.col.kind'), render: (_, m) => (KINDS[m.kind] ? t(KINDS[m.kind]) : m.kind) },
          { title: t('messages.col.lang'), render: (_, m) => (m.lang ? t(`messages.lang.${m.lang}`) : '—') },
          { title: t('messages.col.state'), render: (_, m) => <MessageStateTag state={m.state} /> },
          { title: t('messages.col.reason'), dataIndex: 'reason' },
          { title: t('messages.col.attempts'), dataIndex: 'attempts' },
          { title: t('messages.col.sentAt'), render: (_, m) => time(m.sentAt) },
          { title: t('messages.col.notice'), render: (_, m) => (m.noticeId === null ? '—' : `#${m.noticeId}`) },
        ]}
      />
    </Space>
  )
}
