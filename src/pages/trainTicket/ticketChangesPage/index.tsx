import { useMemo } from 'react'
import type { TrainChangeRecord } from '@contracts/calls/train/change'
import type { TrainOrderView } from '@contracts/calls/train/orders'
import { PageLayout } from '@/ui/PageLayout'
import { ChangeTickets } from '@/features/train/components/ChangeTickets'
import { refreshChangeQuietly, startChangePayment } from '@/features/train/api/after-sales'
import { changePayStateOf } from '@/features/train/model/after-sales'
import { onPhoneClock } from '@/features/train/model/countdown'
import { formatYuan } from '@/features/train/model/format'
import { WeChatPayPanel } from '@/features/payment/components/WeChatPayPanel'
import { useWeChatPay } from '@/features/payment/hooks/useWeChatPay'
import { TRADE_TYPE } from '@/features/payment/model/channel'
import type { PreparedPayment } from '@/features/payment/model/types'

export default function TrainTicketChangesPage() {
  return (
    <PageLayout route='trainTicketChanges'>
      <ChangeTickets payAction={(p) => <ChangeWeChatPay {...p} />} />
    </PageLayout>
  )
}

/**
 * A change's fare difference paid by WeChat Pay through the shared payment UI (paymentOrder with
 * the change's id). Whether it is paid is the change's state on the server.
 */
function ChangeWeChatPay({ order, change, onPaid }: { order: TrainOrderView; change: TrainChangeRecord; onPaid: () => void }) {
  const deadline = useMemo(
    () => (change.payDeadline ? onPhoneClock(change.payDeadline, { serverNow: change.serverNow, receivedAt: Date.now() }) : null),
    [change.payDeadline, change.serverNow],
  )
  const pay = useWeChatPay({
    prepare: async (channel, idempotencyKey, payer): Promise<PreparedPayment> => {
      const r = await startChangePayment({ orderId: order.id, changeId: change.id, idempotencyKey, tradeType: TRADE_TYPE[channel], ...payer })
      // the order no longer waits for this change's money: it was paid (a retry after a lost answer)
      if (r.order.changeToPay?.changeId !== change.id) return { kind: 'alreadyPaid' }
      return r.payment.jsapi ? { kind: 'jsapi', params: r.payment.jsapi } : { kind: 'qrCode', codeUrl: r.payment.codeUrl }
    },
    readState: () => refreshChangeQuietly(change.id).then((r) => changePayStateOf(r.change.state)),
    deadline,
    onPaid,
  })
  return <WeChatPayPanel pay={pay} amountText={`¥${formatYuan(change.differenceFen)}`} />
}
