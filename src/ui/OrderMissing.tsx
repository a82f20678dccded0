import { useI18n } from '@/lib/i18n'
import { redirectTo } from '@/lib/router/navigate'
import { Notice } from './Notice'

/**
 * An order page (train or air: details, change, refund, payment) opened for an order that is not
 * there: another attendee's, removed, or an address without an order id. A retry cannot bring it
 * back, so the way out is My orders, which lists both kinds.
 */
export function OrderMissing() {
  const { t } = useI18n()
  return <Notice text={t('notFound.order')} action={{ label: t('notFound.toMyOrders'), onClick: () => void redirectTo('trainMyOrder') }} />
}
