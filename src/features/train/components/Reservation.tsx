import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { navigateTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { TextField } from '@/ui/TextField'
import { useReservation } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { formatYuan } from '../model/format'
import { fareFen } from '../model/reservation'
import { AgreeCheck } from './AgreeCheck'
import { ReservationPassengers } from './ReservationPassengers'
import { ReservationSeat } from './ReservationSeat'
import { Section } from './Section'
import { TrainHeader } from './TrainHeader'
import './Reservation.scss'

/**
 * oneWayReservation: who travels (saved travellers; a child with an adult, with the height when
 * the event goes by height), seats, contact, the reservation agreement, and the travel policy's
 * verdict before submitting. Submits once (orderInfo/save with an idempotency key, no loading
 * indicator: the button shows it) and goes to tobePaid; a sold-out class becomes a grab request.
 * The form lives in the store's draft (hooks/useReservation), so adding a traveller or picking
 * seats loses nothing.
 */
export function Reservation() {
  const { t } = useI18n()
  const form = useReservation()
  if (form.kind === 'noTrain') return <Notice text={t('train.list.noTrains')} />
  if (form.kind === 'loadFailed') return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: form.retry }} />
  if (form.kind === 'loading') return null
  const { train, draft, update, grab, grabClasses, passengers, fareSeat, busy, blocked, submit } = form

  return (
    <View className='reservation'>
      <TrainHeader train={train} />
      <ReservationSeat form={form} />
      <ReservationPassengers form={form} />

      <Section title={t('train.reserve.contact')}>
        <TextField
          name='contactName'
          label={t('train.reserve.contactName')}
          value={draft.contactName}
          placeholder={t('train.reserve.contactNamePlaceholder')}
          onChange={(c) => update({ contactName: c })}
          maxlength={30}
        />
        <TextField
          name='contactMobile'
          label={t('train.reserve.contactMobile')}
          value={draft.contactMobile}
          placeholder={t('train.reserve.contactMobilePlaceholder')}
          onChange={(c) => update({ contactMobile: c })}
          type='number'
          maxlength={11}
        />
      </Section>

      <View className='reservation__agree'>
        <AgreeCheck
          name='reservation'
          checked={draft.agreed}
          onChange={(agreed) => update({ agreed })}
          prefix={t('train.reserve.agreePrefix')}
          links={[
            { label: t('train.reserve.agreement'), onClick: () => void navigateTo('trainAgreement') },
            { label: t('train.reserve.notice'), onClick: () => void navigateTo('noticeOfReservation') },
          ]}
        />
      </View>

      <View className='reservation__bar'>
        <View className='reservation__total'>
          <Text className='reservation__total-label'>{t('train.reserve.total')}</Text>
          <Text className='reservation__total-value'>¥{formatYuan(fareFen(passengers, fareSeat))}</Text>
          <Text className='reservation__total-note'>{grabClasses.length > 1 ? t('train.grab.fareNote') : t('train.reserve.fareNote')}</Text>
        </View>
        <Button type='primary' className='reservation__submit' loading={busy} disabled={blocked} onClick={submit}>
          {grab ? t('train.reserve.grabOrder') : busy ? t('train.reserve.submitting') : t('train.reserve.submit')}
        </Button>
      </View>
    </View>
  )
}
