/** The orders that need a person, oldest first, each with why and since when; a row opens the order. */
import { Alert, Button, List, Space, Typography } from 'antd'
import type { AttentionItem, DeskOrder } from '@contracts/admin/orders'
import { useT } from '../lib/i18n'
import { yuan } from './filters'

export function AttentionList({ items, onOpen }: { items: AttentionItem[]; onOpen: (o: DeskOrder) => void }) {
  const t = useT()
  if (items.length === 0) return <Alert type='success' showIcon title={t('orders.attention.none')} />
  return (
    <section aria-labelledby='orders-attention'>
      <Typography.Title level={2} id='orders-attention' style={{ fontSize: 18 }}>
        {t('orders.attention.title', { n: items.length })}
      </Typography.Title>
      <List
        bordered
        size='small'
        dataSource={items}
        renderItem={(it) => (
          <List.Item
            actions={[
              <Button key='open' size='small' onClick={() => onOpen(it.order)} aria-label={`${t('orders.open')}: ${it.order.orderNo}`}>
                {t('orders.open')}
              </Button>,
            ]}
          >
            <Space wrap size={12}>
              <strong>{t(`orders.attention.${it.kind}`)}</strong>
              <span>{it.order.orderNo}</span>
              <span>{it.order.attendeeName}</span>
              <span>{it.order.statusLabel}</span>
              <span>{yuan(it.amountFen)}</span>
              <span>{t('orders.attention.since', { at: it.since.slice(0, 16).replace('T', ' ') })}</span>
            </Space>
          </List.Item>
        )}
      />
    </section>
  )
}
