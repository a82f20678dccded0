import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useState } from 'react'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import type { FlightRef } from '@contracts/calls/flight/search'
import { Notice } from '@/ui/Notice'
import { useReservation } from '../hooks/useReservation'
import { useI18n } from '../i18n'
import { pick } from '../model/format'
import { formatYuan } from '../model/money'
import { FlightSummary } from './FlightSummary'
import { LoadState } from './LoadState'
import { PriceBreakdown } from './PriceBreakdown'
import { ReservationContact } from './ReservationContact'
import { ReservationPassengers } from './ReservationPassengers'
import { Sheet } from './Sheet'
import { TravelNotices } from './TravelNotices'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  flight: FlightRef
  cabinCode: string
  /** Beijing today 'YYYY-MM-DD' */
  today: string
  onBooked: (order: AirOrderView) => void
  onBack: () => void
}

/** airTicketReservation: passengers, contact, insurance, agreement, price breakdown, submit (state: hooks/useReservation) */
export function Reservation({ flight, cabinCode, today, onBooked, onBack }: Props) {
  const { t, lang } = useI18n()
  const form = useReservation(flight, cabinCode, today, onBooked)
  const { cabins, cabin, notices, policy, blocked, draft, update, problemAt, price, submitting, submit } = form
  const [agreementOpen, setAgreementOpen] = useState(false)
  const [detailOpen, setDetailOpen] = useState(false)

  return (
    <LoadState query={cabins} failText={t('air.reserve.loadFailed')}>
      {(list) =>
        !cabin ? (
          <Notice text={t('air.reserve.cabinGone')} action={{ label: t('common.back'), onClick: onBack }} />
        ) : (
          <View className='air-reserve'>
            <View className='air-card'>
              <FlightSummary
                flight={list.flight}
                extra={`${t(`air.cabin.class.${cabin.cabinClass}`)} ${cabin.cabinCode} · ${pick(lang, cabin.ruleSummaryZh, cabin.ruleSummaryEn)}`}
              />
            </View>
            {policy && !policy.withinPolicy && (
              <View className='air-policy is-out air-reserve__policy'>
                <Text>{blocked ? t('air.cabin.outsideBlocked') : t('air.cabin.outsideReason')}</Text>
                {policy.breaches.map((b) => (
                  <Text key={b.rule} className='air-policy__breach'>
                    {b.text}
                  </Text>
                ))}
              </View>
            )}
            <TravelNotices notices={notices} />

            <ReservationPassengers form={form} departureDate={flight.date} today={today} />

            <ReservationContact form={form} />

            {price && draft.passengers.length > 0 && (
              <View className='air-card'>
                <View className='air-row'>
                  <Text className='air-section-title'>{t('air.reserve.price')}</Text>
                  <View className='air-link air-reserve__detail-toggle' {...pressable(() => setDetailOpen(!detailOpen))}>
                    {detailOpen ? t('air.reserve.hideDetail') : t('air.reserve.showDetail')}
                  </View>
                </View>
                {detailOpen && <PriceBreakdown price={price} />}
              </View>
            )}

            <View className='air-reserve__agree'>
              <Text
                className={`air-check ${draft.agreed ? 'is-on' : ''}`}
                {...pressable(() => update({ agreed: !draft.agreed }), {
                  role: 'checkbox',
                  checked: draft.agreed,
                  label: `${t('air.reserve.agreePrefix')}${t('air.reserve.agreement')}`,
                })}
              >
                {draft.agreed ? '✓' : ''}
              </Text>
              <Text onClick={() => update({ agreed: !draft.agreed })}>{t('air.reserve.agreePrefix')}</Text>
              <Text className='air-link' {...pressable(() => setAgreementOpen(true))}>
                {t('air.reserve.agreement')}
              </Text>
            </View>
            {problemAt('agreed') && <Text className='air-problem air-reserve__agree-problem'>{problemAt('agreed')}</Text>}

            <View className='air-bottombar'>
              <View className='air-bottombar__total' {...pressable(() => setDetailOpen(!detailOpen))}>
                <Text className='air-muted'>{t('air.reserve.total')} </Text>
                <Text className='air-bottombar__amount'>{formatYuan(price?.totalFen ?? 0)}</Text>
              </View>
              <Button type='primary' className='air-bottombar__submit' loading={submitting} disabled={submitting || blocked} onClick={() => void submit()}>
                {submitting ? t('air.reserve.submitting') : t('air.reserve.submit')}
              </Button>
            </View>
            <View className='air-bottombar__spacer' />

            {agreementOpen && (
              <Sheet
                title={t('air.reserve.agreementTitle')}
                onClose={() => setAgreementOpen(false)}
                footer={
                  <Button
                    type='primary'
                    onClick={() => {
                      update({ agreed: true })
                      setAgreementOpen(false)
                    }}
                  >
                    {t('common.confirm')}
                  </Button>
                }
              >
                <Text className='air-agreement'>{t('air.reserve.agreementText')}</Text>
              </Sheet>
            )}
          </View>
        )
      }
    </LoadState>
  )
}
