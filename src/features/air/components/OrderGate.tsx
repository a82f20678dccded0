import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import './air.scss'

interface Props {
  /** null: the address holds no order id */
  orderId: number | null
  order: AirOrderView | null
  failed: boolean
  /** the server has no such order for this attendee (ESYS0004): nothing to retry */
  missing?: boolean
  retry: () => void
  children: (order: AirOrderView) => ReactNode
}

/** an order page's states: no such order (My orders), not read (a retry), loading, the order */
export function OrderGate({ orderId, order, failed, missing, retry, children }: Props) {
  const { t } = useI18n()
  if (orderId === null || (missing && !order)) return <OrderMissing />
  if (failed && !order) return <Notice text={t('air.details.loadFailed')} action={{ label: t('common.retry'), onClick: retry }} />
  if (!order) return <View className='air-loading'>{t('common.loading')}</View>
  return <>{children(order)}</>
}

/** the order id of a page address, or null */
export function orderIdOf(params: Record<string, string | undefined>): number | null {
  const id = Number(params.orderId)
  return Number.isInteger(id) && id > 0 ? id : null
}
