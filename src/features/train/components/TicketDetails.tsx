import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import type { SeatOffer, TrainOffer } from '@contracts/calls/train/search'
import { useI18n } from '../i18n'
import { navigateTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { trainAddressOf, useTrainOffer, type TrainAddress } from '../hooks/useTrainOffer'
import { formatYuan } from '../model/format'
import { SeatLeft } from './TrainRow'
import { TrainHeader } from './TrainHeader'
import { pressable } from '@/ui/pressable'
import './TicketDetails.scss'

/** where a seat class leads: the reservation, as a booking or (no tickets left) a grab request */
export function reservationQuery(a: TrainAddress, seat: SeatOffer) {
  return { ...a, seat: seat.seatType, grab: seat.left <= 0 ? 1 : undefined }
}

/** ticketDetails: the train, its stops, and each seat class with price, seats left and the policy */
export function TicketDetails() {
  const { t } = useI18n()
  const { params } = useRouter()
  const address = trainAddressOf(params)
  const offer = useTrainOffer(address)
  if (!address || (offer.status === 'success' && !offer.data)) return <Notice text={t('train.list.noTrains')} />
  if (offer.status === 'error' && !offer.data) return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: offer.retry }} />
  const train: TrainOffer | null | undefined = offer.data
  if (!train) return null
  const stops = () =>
    void navigateTo('trainTransitStation', { trainCode: train.trainCode, date: train.date, from: train.from.code, to: train.to.code, trainNo: train.trainNo })
  return (
    <View className='ticket-details'>
      <TrainHeader train={train} onStops={stops} />
      <View className='ticket-details__seats'>
        <Text className='ticket-details__title'>{t('train.details.seats')}</Text>
        {train.seats.map((s) => (
          <View key={s.seatType} className={`ticket-details__seat ticket-details__seat--${s.seatType}`}>
            <View className='ticket-details__seat-main'>
              <Text className='ticket-details__seat-name'>
                {t(`train.seat.${s.seatType}`)}
                {!s.withinPolicy && <Text className='ticket-details__policy'>{t('train.list.outsidePolicy')}</Text>}
              </Text>
              <Text className='ticket-details__seat-left'>
                <SeatLeft seat={s} />
              </Text>
            </View>
            <View className='ticket-details__seat-price'>
              <Text className='ticket-details__yuan'>¥{formatYuan(s.priceFen)}</Text>
              <Text className='ticket-details__child'>{t('train.details.childPrice', { amount: formatYuan(s.childPriceFen) })}</Text>
            </View>
            {train.bookable ? (
              <View
                className={`ticket-details__book ${s.left <= 0 ? 'is-grab' : ''}`}
                {...pressable(() => void navigateTo('trainOneWayReservation', reservationQuery(address, s)))}
              >
                {s.left > 0 ? t('train.list.book') : t('train.list.grab')}
              </View>
            ) : (
              <View className='ticket-details__book is-off'>{t('train.list.notBookable')}</View>
            )}
          </View>
        ))}
        {train.seats.every((s) => s.left <= 0) && <Text className='ticket-details__soldout'>{t('train.list.soldOutTip')}</Text>}
      </View>
      <Text className='ticket-details__notice' {...pressable(() => void navigateTo('noticeOfReservation'))}>
        {t('train.details.notice')} ›
      </Text>
    </View>
  )
}
