import dayjs from 'dayjs'
import { useRouter } from '@tarojs/taro'
import { flightFromQuery } from '@/features/air/api/flights'
import { Reservation } from '@/features/air/components/Reservation'
import { beijingToday } from '@/features/air/model/time'
import { useI18n } from '@/features/air/i18n'
import { goBack, redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

export default function AirReservationPage() {
  const { params } = useRouter()
  const { t } = useI18n()
  const chosen = flightFromQuery(params)
  return (
    <PageLayout route='airReservation' navRight={<LanguageSwitch />}>
      {chosen ? (
        <Reservation
          flight={chosen.flight}
          cabinCode={chosen.cabinCode}
          today={beijingToday(dayjs())}
          onBooked={(order) => void redirectTo('airPay', { orderId: order.orderId })}
          onBack={() => goBack('airInquiry')}
        />
      ) : (
        <Notice text={t('air.reserve.cabinGone')} action={{ label: t('common.back'), onClick: () => goBack('airInquiry') }} />
      )}
    </PageLayout>
  )
}
