/**
 * One order's details and what the desk may do to it: each action asks first in a dialog, and
 * the confirmed click carries one key, so a second click of it is answered once by the server.
 */
import { useState } from 'react'
import { App, Button, Descriptions, Drawer, Popconfirm, Space } from 'antd'
import type { DeskAction, DeskOrder } from '@contracts/admin/orders'
import { useT } from '../lib/i18n'
import { actOn } from './api'
import { newActionKey, yuan } from './filters'

interface Props {
  eventCode: string
  order: DeskOrder
  mayAct: boolean
  onClose: () => void
  onChanged: (order: DeskOrder) => void
}

export function OrderDrawer({ eventCode, order, mayAct, onClose, onChanged }: Props) {
  const t = useT()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<DeskAction | null>(null)
  // one key per opened dialog: a double click on its OK button is one action
  const [key, setKey] = useState(newActionKey)

  const run = async (action: DeskAction) => {
    setBusy(action)
    try {
      const r = await actOn(eventCode, order, action, key)
      message.success(t(`orders.done.${action}`))
      onChanged(r.order)
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(null)
      setKey(newActionKey())
    }
  }

  const payer = order.payer ? t(`orders.payer.${order.payer}`) : t('orders.payer.none')
  return (
    <Drawer
      open
      size={560}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('orders.drawerTitle', { no: order.orderNo })}</h2>}
      onClose={onClose}
      destroyOnHidden
    >
      <Space direction='vertical' size='large' style={{ width: '100%' }}>
        <Descriptions
          column={1}
          bordered
          size='small'
          items={[
            { key: 'kind', label: t('orders.col.kind'), children: t(`orders.kind.${order.kind}`) },
            { key: 'status', label: t('orders.col.status'), children: order.statusLabel },
            { key: 'attendee', label: t('orders.col.attendee'), children: `${order.attendeeName} ${order.attendeeMobile}` },
            { key: 'trip', label: t('orders.col.trip'), children: order.title },
            { key: 'depart', label: t('orders.col.departAt'), children: order.departAt.slice(0, 16).replace('T', ' ') },
            { key: 'total', label: t('orders.col.total'), children: yuan(order.totalFen) },
            { key: 'payer', label: t('orders.col.payer'), children: payer },
            { key: 'refunded', label: t('orders.col.refunded'), children: yuan(order.refundedFen) },
            { key: 'refunding', label: t('orders.col.refunding'), children: yuan(order.refundingFen) },
            {
              key: 'policy',
              label: t('orders.col.policy'),
              children: order.overPolicy ? t('orders.policy.over', { reason: order.overPolicyReason || '—' }) : t('orders.policy.within'),
            },
            { key: 'created', label: t('orders.col.createdAt'), children: order.createdAt.slice(0, 16).replace('T', ' ') },
          ]}
        />
        {mayAct && (
          <Space wrap>
            {order.actions.length === 0 && <span>{t('orders.noActions')}</span>}
            {order.actions.map((action) => (
              <Popconfirm
                key={action}
                title={t(`orders.confirm.${action}`, { no: order.orderNo })}
                okText={t(`orders.action.${action}`)}
                cancelText={t('common.cancel')}
                onConfirm={() => run(action)}
              >
                <Button danger={action !== 'retryTicketing'} loading={busy === action}>
                  {t(`orders.action.${action}`)}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        )}
      </Space>
    </Drawer>
  )
}
