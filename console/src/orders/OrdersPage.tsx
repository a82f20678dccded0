/**
 * The travel desk of an event: the orders that need a person on top, then every train and air
 * order with a search, filters and paging kept in the address; a row opens its details and
 * actions in a drawer (actions for 'orders.act').
 */
import { useState } from 'react'
import { Button, Input, Select, Space, Table, Tabs, Typography } from 'antd'
import type { DeskOrder } from '@contracts/admin/orders'
import { ORDER_KINDS, ORDER_STATUS_GROUPS } from '@contracts/calls/orders'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { useMay } from '../lib/roles'
import { useEventRole } from '../lib/eventRole'
import { useQueryState } from '../lib/useQueryState'
import { ErrorNotice } from '../lib/ErrorNotice'
import { downloadOrders, fetchAttention, fetchOrders } from './api'
import { AttentionList } from './AttentionList'
import { PAGE_SIZES, filtersOf, yuan } from './filters'
import { OrderDrawer } from './OrderDrawer'
import { SpendTable } from './SpendTable'
import { FileExportButtons } from '../lib/FileExportButtons'
import { ReconcilePanel } from './ReconcilePanel'

const OTHER_TABS = ['spend', 'reconcile']

export function OrdersPage({ eventCode }: { eventCode: string }) {
  const t = useT()
  const mayAct = useMay()(useEventRole(eventCode), 'orders.act')
  const [query, setQuery] = useQueryState()
  const filters = filtersOf(eventCode, query)
  const list = useLoad(() => fetchOrders(filters), [eventCode, query.toString()])
  const attention = useLoad(() => fetchAttention(eventCode), [eventCode])
  const [open, setOpen] = useState<DeskOrder | null>(null)

  const filter = (changes: Record<string, string | null>) => setQuery({ ...changes, page: null })
  const allOption = { value: '', label: t('attendees.all') }
  const reload = () => {
    list.reload()
    attention.reload()
  }

  return (
    <Space direction='vertical' size='middle' style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('orders.title', { code: eventCode })}
      </Typography.Title>
      <ErrorNotice message={attention.error} />
      {attention.data && <AttentionList items={attention.data.list} onOpen={setOpen} />}
      <Tabs
        activeKey={OTHER_TABS.find((k) => k === query.get('tab')) ?? 'orders'}
        onChange={(k) => setQuery({ tab: OTHER_TABS.includes(k) ? k : null })}
        items={[
          {
            key: 'orders',
            label: t('orders.tab.orders'),
            children: (
              <Space direction='vertical' size='middle' style={{ width: '100%' }}>
                <Space wrap role='search' aria-label={t('orders.searchArea')}>
                  <Input.Search
                    key={filters.keyword}
                    defaultValue={filters.keyword}
                    allowClear
                    placeholder={t('orders.searchPlaceholder')}
                    aria-label={t('attendees.search')}
                    enterButton={t('attendees.search')}
                    style={{ width: 320 }}
                    onSearch={(v) => filter({ q: v.trim() || null })}
                  />
                  <Select
                    aria-label={t('orders.col.kind')}
                    value={filters.kind ?? ''}
                    style={{ minWidth: 140 }}
                    onChange={(v) => filter({ kind: v || null })}
                    options={[allOption, ...ORDER_KINDS.map((k) => ({ value: k, label: t(`orders.kind.${k}`) }))]}
                    prefix={`${t('orders.col.kind')}:`}
                  />
                  <Select
                    aria-label={t('orders.col.status')}
                    value={filters.statusGroup ?? ''}
                    style={{ minWidth: 160 }}
                    onChange={(v) => filter({ status: v || null })}
                    options={[allOption, ...ORDER_STATUS_GROUPS.map((g) => ({ value: g, label: t(`orders.group.${g}`) }))]}
                    prefix={`${t('orders.col.status')}:`}
                  />
                  <Button onClick={reload}>{t('orders.reload')}</Button>
                  <FileExportButtons
                    doneKey='orders.exported'
                    download={(format) => downloadOrders({ eventCode, kind: filters.kind, statusGroup: filters.statusGroup, keyword: filters.keyword, format })}
                  />
                </Space>
                <ErrorNotice message={list.error} />
                <Table<DeskOrder>
                  rowKey={(o) => `${o.kind}:${o.orderId}`}
                  loading={list.loading}
                  dataSource={list.data?.list ?? []}
                  scroll={{ x: 1100 }}
                  locale={{ emptyText: t('orders.empty') }}
                  pagination={{
                    current: filters.page,
                    pageSize: filters.pageSize,
                    total: list.data?.total ?? 0,
                    showSizeChanger: true,
                    pageSizeOptions: PAGE_SIZES.map(String),
                    showTotal: (total) => t('orders.total', { total }),
                    onChange: (page, size) => setQuery({ page: page > 1 ? page : null, size: size === PAGE_SIZES[0] ? null : size }),
                  }}
                  columns={[
                    { title: t('orders.col.orderNo'), dataIndex: 'orderNo' },
                    { title: t('orders.col.kind'), render: (_, o) => t(`orders.kind.${o.kind}`) },
                    { title: t('orders.col.attendee'), render: (_, o) => `${o.attendeeName} ${o.attendeeMobile}` },
                    { title: t('orders.col.trip'), dataIndex: 'title' },
                    { title: t('orders.col.status'), dataIndex: 'statusLabel' },
                    { title: t('orders.col.total'), align: 'right', render: (_, o) => yuan(o.totalFen) },
                    { title: t('orders.col.payer'), render: (_, o) => (o.payer ? t(`orders.payer.${o.payer}`) : t('orders.payer.none')) },
                    {
                      title: t('events.col.actions'),
                      render: (_, o) => (
                        <Button size='small' onClick={() => setOpen(o)} aria-label={`${t('orders.open')}: ${o.orderNo}`}>
                          {t('orders.open')}
                        </Button>
                      ),
                    },
                  ]}
                />
              </Space>
            ),
          },
          { key: 'spend', label: t('orders.tab.spend'), children: <SpendTable eventCode={eventCode} /> },
          { key: 'reconcile', label: t('orders.tab.reconcile'), children: <ReconcilePanel eventCode={eventCode} /> },
        ]}
      />
      {open && (
        <OrderDrawer
          eventCode={eventCode}
          order={open}
          mayAct={mayAct}
          onClose={() => setOpen(null)}
          onChanged={(o) => {
            setOpen(o)
            reload()
          }}
        />
      )}
    </Space>
  )
}
