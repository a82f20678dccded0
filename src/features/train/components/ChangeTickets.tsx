import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { Notice } from '@/ui/Notice'
import { OrderMissing } from '@/ui/OrderMissing'
import { useChangeTickets } from '../hooks/useChangeTickets'
import { useI18n } from '../i18n'
import { ChangePay, type ChangePayAction } from './ChangePay'
import { ChangePickStep } from './ChangePickStep'
import { ChangeTrainChoice } from './ChangeTrainChoice'
import { TrainHeader } from './TrainHeader'
import './ChangeTickets.scss'

/**
 * ticketChangesPage: pick the ticket(s) → another date (same route) or another arrival station →
 * the trains the railway offers (askChangeOrderTicket) → a seat class with its fee and fare
 * difference → a cause and one confirm (changeOrderInfo/save, one idempotency key per intent) →
 * pay a higher fare (WeChat Pay when the attendee paid the order; the company's account is charged
 * by the server at once) or see the surplus that comes back → succeededInreSigning. What the rules
 * forbid is shown with its reason: tickets already changed, after a change of destination, a child
 * alone (here and by the server), outside the online change hours (the server's refusal).
 */
export function ChangeTickets({ payAction }: { payAction: ChangePayAction }) {
  const { t } = useI18n()
  const form = useChangeTickets()
  if (form.kind === 'missing') return <OrderMissing />
  if (form.kind === 'loadFailed') return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: form.retry }} />
  if (form.kind === 'loading') return null
  const { order, step, setStep, options, choice, problem, busy, change, ask, save } = form

  if (step === 'pay') {
    if (change) return <ChangePay order={order} change={change} payAction={payAction} />
    return problem ? <Notice text={problem} /> : null
  }

  return (
    <View className='change-tickets'>
      <TrainHeader train={order} />
      {step === 'pick' && <ChangePickStep form={form} />}
      {step === 'trains' && options && <ChangeTrainChoice form={form} options={options} />}
      {problem && <Text className='change-tickets__problem'>{problem}</Text>}
      <View className='change-tickets__actions'>
        {step === 'trains' && (
          <Button className='change-tickets__back' onClick={() => setStep('pick')}>
            {t('train.change.back')}
          </Button>
        )}
        {step === 'pick' ? (
          <Button type='primary' className='change-tickets__ask' loading={busy} onClick={() => void ask()}>
            {t('train.change.findTrains')}
          </Button>
        ) : (
          <Button type='primary' className='change-tickets__save' disabled={!choice} loading={busy} onClick={() => void save()}>
            {t('train.change.confirm')}
          </Button>
        )}
      </View>
    </View>
  )
}
