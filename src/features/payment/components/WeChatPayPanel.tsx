import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useI18n, type MessageKey } from '@/lib/i18n'
import type { WeChatPay, WeChatPayPhase } from '../hooks/useWeChatPay'
import { QrCode } from './QrCode'
import './payment.scss'

interface Props {
  pay: WeChatPay
  /** the amount as the page formats it ('¥1,260.00') */
  amountText: string
}

/** what the panel says in each phase (payment.* in the catalogues) */
const STATUS_TEXT: Partial<Record<WeChatPayPhase, MessageKey>> = {
  preparing: 'payment.preparing',
  cashier: 'payment.inCashier',
  confirming: 'payment.confirming',
  paid: 'payment.paid',
  cancelled: 'payment.cancelled',
  failed: 'payment.failed',
  expired: 'payment.expired',
  unconfirmed: 'payment.unconfirmed',
}

/**
 * The WeChat Pay part of a payment page: the "pay" button, the QR code to scan where WeChat's
 * cashier cannot open, and what is happening (waiting for the server, cancelled, failed, expired).
 */
export function WeChatPayPanel({ pay, amountText }: Props) {
  const { t } = useI18n()
  const status = STATUS_TEXT[pay.phase]
  const tone = pay.phase === 'paid' ? 'ok' : pay.phase === 'failed' || pay.phase === 'expired' ? 'bad' : 'info'
  return (
    <View className={`pay-panel pay-panel--${pay.phase}`}>
      {pay.phase === 'scanning' && pay.codeUrl ? (
        <View className='pay-panel__scan'>
          <QrCode value={pay.codeUrl} label={t('payment.qrLabel')} />
          <Text className='pay-panel__scan-title'>{t('payment.scanTitle', { amount: amountText })}</Text>
          <Text className='pay-panel__hint'>{t('payment.scanHint')}</Text>
        </View>
      ) : null}
      {status && (
        <View className={`pay-panel__status pay-panel__status--${tone}`} role='status'>
          <Text>{t(status)}</Text>
        </View>
      )}
      {pay.canStart && (
        <Button type='primary' className='pay-panel__button pay-panel__button--wechat' onClick={pay.start}>
          {t(pay.phase === 'idle' ? 'payment.payWeChat' : 'payment.payAgain', { amount: amountText })}
        </Button>
      )}
      {(pay.phase === 'unconfirmed' || pay.phase === 'scanning' || pay.phase === 'cancelled') && (
        <Button className='pay-panel__button pay-panel__button--check' onClick={pay.checkAgain}>
          {t(pay.phase === 'scanning' ? 'payment.scannedPaid' : 'payment.checkAgain')}
        </Button>
      )}
    </View>
  )
}
