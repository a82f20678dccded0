/**
 * Registration review of an event: the registrations of a status (the queue: under review), search
 * and paging on the server, the answers of each in an expandable row; several chosen and approved or
 * rejected with a reason. A row someone else decided meanwhile is reported by name, not dropped.
 */
import { useState } from 'react'
import { Alert, App, Button, Input, Space, Table, Tabs, Typography } from 'antd'
import type { ReviewDecision, ReviewItem, ReviewStatus } from '@contracts/admin/review'
import { REVIEW_RULES } from '@contracts/admin/review-rules'
import { messageText, isMsgId } from '@contracts/messages'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useConsole } from '../lib/store'
import { useQueryState } from '../lib/useQueryState'
import { ErrorNotice } from '../lib/ErrorNotice'
import { useBusy } from '../lib/useBusy'
import { STATUSES } from '../attendees/filters'
import { PAGE_SIZES } from '../lib/addressPaging'
import { ReviewStatusTag } from './ReviewStatusTag'
import { AnswersView } from './AnswersView'
import { DecideModal } from './DecideModal'
import { decide, fetchQueue } from './api'

const TAB_ORDER: readonly ReviewStatus[] = ['auditing', 'approved', 'rejected']

export function ReviewPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const { message } = App.useApp()
  const lang = useConsole((s) => s.lang)
  const [query, setQuery] = useQueryState()
  const status = STATUSES.includes(query.get('status') as ReviewStatus) ? (query.get('status') as ReviewStatus) : 'auditing'
  const keyword = query.get('q') ?? ''
  const page = Math.max(1, Number(query.get('page')) || 1)
  const size = Number(query.get('size'))
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0]
  const queue = useLoad(() => fetchQueue({ eventCode, status, keyword, page, pageSize }), [eventCode, query.toString()])
  const [selected, setSelected] = useState<string[]>([])
  const [deciding, setDeciding] = useState<ReviewDecision | null>(null)
  const { busy, error, run: send } = useBusy()
  const [skipped, setSkipped] = useState<string[]>([])

  const go = (changes: Record<string, string | number | null>) => {
    setSelected([])
    setQuery(changes)
  }
  const nameOf = (code: string) => queue.data?.list.find((i) => i.contactCode === code)?.name ?? code

  const run = (decision: ReviewDecision, reason: string) =>
    send(async () => {
      try {
        const r = await decide({ eventCode, contactCodes: selected, decision, reason })
        if (r.decided.length) message.success(t('review.decided', { count: r.decided.length }))
        setSkipped(r.skipped.map((s) => `${nameOf(s.contactCode)}: ${isMsgId(s.msgId) ? messageText(s.msgId, lang) : s.msgId}`))
        setSelected([])
      } finally {
        setDeciding(null)
        queue.reload()
      }
    })

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('review.title', { code: eventCode })}
      </Typography.Title>
      <Tabs
        activeKey={status}
        onChange={(k) => go({ status: k === 'auditing' ? null : k, page: null })}
        items={TAB_ORDER.map((s) => ({ key: s, label: t(`review.tab.${s}`) }))}
      />
      <Space wrap>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder={t('attendees.searchPlaceholder')}
          aria-label={t('attendees.search')}
          enterButton={t('attendees.search')}
          style={{ width: 320 }}
          onSearch={(v) => go({ q: v.trim() || null, page: null })}
        />
        {status === 'auditing' && (
          <>
            <Button type='primary' disabled={!selected.length} onClick={() => setDeciding('approved')}>
              {t('review.approveSelected', { count: selected.length })}
            </Button>
            <Button danger disabled={!selected.length} onClick={() => setDeciding('rejected')}>
              {t('review.rejectSelected', { count: selected.length })}
            </Button>
            <Typography.Text type='secondary'>{t('review.maxBatch', { max: REVIEW_RULES.maxBatch })}</Typography.Text>
          </>
        )}
      </Space>
      <ErrorNotice message={error ?? queue.error} />
      {skipped.length > 0 && (
        <Alert
          type='warning'
          showIcon
          closable
          onClose={() => setSkipped([])}
          title={t('review.skipped', { count: skipped.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {skipped.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          }
        />
      )}
      {/* scrolled sideways by its box, not by the table's own scroll: that one repeats the column
          titles (the select-all box too) in a hidden measuring row, where a focusable box is wrong */}
      <div style={{ overflowX: 'auto' }}>
        <Table<ReviewItem>
          rowKey='contactCode'
          loading={queue.loading}
          dataSource={queue.data?.list ?? []}
          style={{ minWidth: 1000 }}
          locale={{ emptyText: t('review.empty') }}
          rowSelection={
            status === 'auditing'
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected((keys as string[]).slice(0, REVIEW_RULES.maxBatch)),
                  getCheckboxProps: (r) => ({ 'aria-label': t('review.select', { name: r.name }) }),
                }
              : undefined
          }
          expandable={{ expandedRowRender: (r) => <AnswersView item={r} />, expandRowByClick: false }}
          pagination={{
            current: page,
            pageSize,
            total: queue.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('attendees.total', { total }),
            onChange: (p, s) => go({ page: p > 1 ? p : null, size: s === PAGE_SIZES[0] ? null : s }),
          }}
          columns={[
            { title: t('attendees.col.name'), dataIndex: 'name' },
            { title: t('attendees.col.mobile'), dataIndex: 'mobile' },
            { title: t('attendees.col.email'), dataIndex: 'email' },
            { title: t('attendees.col.company'), dataIndex: 'company' },
            { title: t('attendees.col.type'), render: (_, r) => (lang === 'en' ? r.typeEn : r.typeZh) },
            { title: t('review.col.submitted'), render: (_, r) => new Date(r.submittedAt).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN') },
            { title: t('attendees.col.status'), render: (_, r) => <ReviewStatusTag status={r.status} /> },
            ...(status === 'auditing' ? [] : [{ title: t('review.reason'), render: (_: unknown, r: ReviewItem) => r.reason }]),
          ]}
        />
      </div>
      {deciding && (
        <DecideModal decision={deciding} count={selected.length} busy={busy} onCancel={() => setDeciding(null)} onDecide={(reason) => run(deciding, reason)} />
      )}
    </Space>
  )
}
