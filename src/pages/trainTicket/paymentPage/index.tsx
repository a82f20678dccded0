import { useMemo } from 'react'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import type { TrainPayer } from '@contracts/train'
import { PageLayout } from '@/ui/PageLayout'
import { PaymentView } from '@/features/train/components/PaymentView'
import { payByCompany, readPayState, startWeChatPayment } from '@/features/train/api/orders'
import { onPhoneClock } from '@/features/train/model/countdown'
import { formatYuan } from '@/features/train/model/format'
import { payStateOf } from '@/features/train/model/payState'
import { CompanyPayButton } from '@/features/payment/components/CompanyPayButton'
import { WeChatPayPanel } from '@/features/payment/components/WeChatPayPanel'
import { useWeChatPay } from '@/features/payment/hooks/useWeChatPay'
import { TRADE_TYPE } from '@/features/payment/model/channel'
import type { PreparedPayment } from '@/features/payment/model/types'

export default function TrainPaymentPage() {
  return (
    <PageLayout route='trainPayment'>
      <PaymentView payAction={(p) => <TrainPayButtons {...p} />} />
    </PageLayout>
  )
}

/**
 * The train order paid through the shared payment UI: the company account (payOnBusiness), or
 * WeChat Pay (paymentOrder: JSAPI in the mini-program and the WeChat browser, a code to scan
 * elsewhere). Whether it is paid is the order's state on the server.
 */
function TrainPayButtons({ order, payer, open, onPaid }: { order: TrainOrderView; payer: TrainPayer; open: boolean; onPaid: () => void }) {
  const amountText = `¥${formatYuan(order.amounts.totalFen)}`
  const deadline = useMemo(
    () => (order.payDeadline ? onPhoneClock(order.payDeadline, { serverNow: order.serverNow, receivedAt: Date.now() }) : null),
    [order.payDeadline, order.serverNow],
  )
  const wechat = useWeChatPay({
    prepare: async (channel, idempotencyKey, payer): Promise<PreparedPayment> => {
      const r = await startWeChatPayment({ orderId: order.id, idempotencyKey, tradeType: TRADE_TYPE[channel], ...payer })
      if (payStateOf(r.order.status) === 'paid') return { kind: 'alreadyPaid' }
      return r.payment.jsapi ? { kind: 'jsapi', params: r.payment.jsapi } : { kind: 'qrCode', codeUrl: r.payment.codeUrl }
    },
    readState: () => readPayState(order.id),
    deadline,
    onPaid,
  })
  if (payer === 'company') return <CompanyPayButton amountText={amountText} disabled={!open} pay={(key) => payByCompany(order.id, key)} onPaid={onPaid} />
  return <WeChatPayPanel pay={wechat} amountText={amountText} />
}
