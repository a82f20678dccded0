import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { Button } from '@/ui/Button'
import type { AirChangeView } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/money'
import { ChangeCost } from './ChangeRebook'
import { FlightSummary } from './FlightSummary'
import { PayDeadline } from './PayDeadline'
import './air.scss'

interface Props {
  order: AirOrderView
  change: AirChangeView
  /** the payment feature's pieces, composed by the page (a feature never imports another) */
  companyPay: ReactNode | null
  wechatPay: ReactNode | null
  /** false while a WeChat payment is under way: it is not undone beneath the attendee */
  canUndo: boolean
  undoing: boolean
  onUndo: () => void
}

/**
 * The change waiting for its money (order changeToBePaid): the new flight, per passenger the fee
 * and fare difference, the deadline, the ways to pay (company or WeChat Pay), or undo it.
 */
export function ChangePay({ order, change, companyPay, wechatPay, canUndo, undoing, onUndo }: Props) {
  const { t } = useI18n()
  return (
    <View className='air-after air-change-pay'>
      <View className='air-card'>
        <View className='air-row'>
          <Text className='air-muted'>{t('air.after.changeNo', { no: change.changeNo })}</Text>
          <Text className={`air-status air-status--${order.status}`}>{t(`air.status.${order.status}`)}</Text>
        </View>
        <Text className='air-section-title air-change-pay__title'>{t('air.after.newSegment')}</Text>
        <FlightSummary flight={change.newFlight} extra={`${change.newCabinCode} · ${change.lines.map((l) => l.name).join(t('air.after.listSep'))}`} />
      </View>
      {order.changePayDeadline && <PayDeadline deadline={order.changePayDeadline} of='change' />}
      <View className='air-card'>
        <Text className='air-section-title'>{t('air.after.cost')}</Text>
        {change.lines.map((l) => (
          <View key={l.passengerId} className='air-row air-muted air-change-pay__line'>
            <Text>
              {l.name} {l.ticketNo}
            </Text>
            <Text>{t('air.after.costLine', { fee: formatYuan(l.feeFen), diff: formatYuan(l.fareDiffFen) })}</Text>
          </View>
        ))}
        <ChangeCost cabin={change} />
      </View>
      <View className='air-card air-pay__methods'>
        <Text className='air-section-title'>{t('air.after.payChangeTitle')}</Text>
        <Text className='air-muted'>{t('air.after.payChangeNote')}</Text>
        {companyPay && <View className='air-pay__method air-pay__method--company'>{companyPay}</View>}
        {wechatPay && <View className='air-pay__method air-pay__method--wechat'>{wechatPay}</View>}
      </View>
      <Button className='air-change-pay__undo' disabled={undoing || !canUndo} onClick={onUndo}>
        {undoing ? t('air.details.sending') : t('air.after.undoChange')}
      </Button>
    </View>
  )
}
