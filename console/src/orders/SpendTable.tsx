/** Each attendee's travel spend at the event, by payer, with the orders outside the travel policy and their reasons. */
import { Table } from 'antd'
import type { SpendRow } from '@contracts/admin/orders'
import { useT } from '../lib/i18n'
import { useLoad } from '../lib/useLoad'
import { ErrorNotice } from '../lib/ErrorNotice'
import { fetchSpend } from './api'
import { yuan } from './filters'

export function SpendTable({ eventCode }: { eventCode: string }) {
  const t = useT()
  const spend = useLoad(() => fetchSpend(eventCode), [eventCode])
  return (
    <>
      <ErrorNotice message={spend.error} />
      <Table<SpendRow>
        rowKey='userCode'
        loading={spend.loading}
        dataSource={spend.data?.list ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('orders.empty') }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: t('orders.col.attendee'), render: (_, r) => `${r.attendeeName} ${r.attendeeMobile}` },
          { title: t('orders.spend.orders'), dataIndex: 'orders', align: 'right' },
          { title: t('orders.spend.spent'), align: 'right', render: (_, r) => yuan(r.spentFen) },
          { title: t('orders.spend.company'), align: 'right', render: (_, r) => yuan(r.companyFen) },
          { title: t('orders.spend.attendee'), align: 'right', render: (_, r) => yuan(r.attendeeFen) },
          { title: t('orders.spend.over'), dataIndex: 'overPolicyOrders', align: 'right' },
          { title: t('orders.spend.reasons'), render: (_, r) => r.overPolicyReasons.join('；') },
        ]}
      />
    </>
  )
}
