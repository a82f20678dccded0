import dayjs from 'dayjs'
import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import type { AirChangeView } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { createChangePayment, payChangeByCompany, undoChange } from '@/features/air/api/after-sales'
import { pollOrder } from '@/features/air/api/orders'
import { ChangeForm } from '@/features/air/components/ChangeForm'
import { ChangePay } from '@/features/air/components/ChangePay'
import { OrderGate, orderIdOf } from '@/features/air/components/OrderGate'
import { backToOrder } from '@/features/air/hooks/backToOrder'
import { useLiveOrder } from '@/features/air/hooks/useLiveOrder'
import { changePayState, openChange } from '@/features/air/model/afterSales'
import { formatYuan } from '@/features/air/model/money'
import { beijingToday } from '@/features/air/model/time'
import { CompanyPayButton } from '@/features/payment/components/CompanyPayButton'
import { WeChatPayPanel } from '@/features/payment/components/WeChatPayPanel'
import { useWeChatPay } from '@/features/payment/hooks/useWeChatPay'
import { TRADE_TYPE } from '@/features/payment/model/channel'
import { confirm, toast } from '@/lib/feedback'
import { useI18n } from '@/features/air/i18n'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

const never = () => false
const NO_POLL: number[] = []

/** pay the open change (company or WeChat Pay), or undo it */
function PayChange({ order, change }: { order: AirOrderView; change: AirChangeView }) {
  const { t } = useI18n()
  const [undoing, setUndoing] = useState(false)
  const amountText = formatYuan(change.dueFen)
  const wechat = useWeChatPay({
    prepare: async (channel, idempotencyKey, payer) => {
      const r = await createChangePayment(order.orderId, TRADE_TYPE[channel], payer, idempotencyKey)
      if (r.jsapi) return { kind: 'jsapi', params: r.jsapi }
      return { kind: 'qrCode', codeUrl: r.codeUrl }
    },
    readState: async () => changePayState(await pollOrder(order.orderId), change.changeId),
    deadline: order.changePayDeadline ? Date.parse(order.changePayDeadline) : null,
    onPaid: () => {
      toast(t('air.after.changeConfirmed'))
      backToOrder(order.orderId)
    },
  })
  const undo = async () => {
    if (!(await confirm({ content: t('air.details.confirm.cancelChange') }))) return
    setUndoing(true)
    try {
      await undoChange(order.orderId)
      toast(t('air.details.done.cancelChange'))
      backToOrder(order.orderId)
    } catch {
      // told by the request client (paid meanwhile, deadline passed…); the page stays
      setUndoing(false)
    }
  }
  return (
    <ChangePay
      order={order}
      change={change}
      canUndo={wechat.canStart}
      undoing={undoing}
      onUndo={() => void undo()}
      companyPay={
        order.changePayMethods.includes('company') ? (
          <CompanyPayButton
            amountText={amountText}
            disabled={!wechat.canStart || undoing}
            pay={(key) => payChangeByCompany(order.orderId, key)}
            onPaid={() => {
              toast(t('air.after.changeConfirmed'))
              backToOrder(order.orderId)
            }}
          />
        ) : null
      }
      wechatPay={order.changePayMethods.includes('wechat') ? <WeChatPayPanel pay={wechat} amountText={amountText} /> : null}
    />
  )
}

export default function AirTicketChangingPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const orderId = orderIdOf(params)
  const live = useLiveOrder(orderId, never, NO_POLL)
  return (
    <PageLayout route='airTicketChanging' navRight={<LanguageSwitch />}>
      <OrderGate orderId={orderId} order={live.order} failed={live.failed} missing={live.missing} retry={live.reload}>
        {(order) => {
          const change = openChange(order)
          if (order.status === 'changeToBePaid' && change) return <PayChange order={order} change={change} />
          if (order.actions.includes('change'))
            return (
              <ChangeForm
                order={order}
                today={beijingToday(dayjs())}
                onRequested={(o) => (o.status === 'changeToBePaid' ? live.replace(o) : backToOrder(o.orderId))}
              />
            )
          return <Notice text={t('air.after.notChangeable')} action={{ label: t('air.after.viewOrder'), onClick: () => backToOrder(order.orderId) }} />
        }}
      </OrderGate>
    </PageLayout>
  )
}
