import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { Notice } from '@/ui/Notice'
import './air.scss'

interface Props {
  /** null: the address holds no order id */
  orderId: number | null
  order: AirOrderView | null
  failed: boolean
  retry: () => void
  children: (order: AirOrderView) => ReactNode
}

/** an order page's three states: no such order (with a retry when it could not be read), loading, the order */
export function OrderGate({ orderId, order, failed, retry, children }: Props) {
  const { t } = useI18n()
  if (orderId === null || (failed && !order))
    return <Notice text={t('air.details.loadFailed')} action={orderId === null ? undefined : { label: t('common.retry'), onClick: retry }} />
  if (!order) return <View className='air-loading'>{t('common.loading')}</View>
  return <>{children(order)}</>
}

/** the order id of a page address, or null */
export function orderIdOf(params: Record<string, string | undefined>): number | null {
  const id = Number(params.orderId)
  return Number.isInteger(id) && id > 0 ? id : null
}
