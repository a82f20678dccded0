import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { FlightList } from '@/features/air/components/FlightList'
import { flightQuery, refOf } from '@/features/air/api/flights'
import { useI18n } from '@/features/air/i18n'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { useAppStore } from '@/store'
import { PageLayout } from '@/ui/PageLayout'
import { LanguageSwitch } from '@/ui/LanguageSwitch'

export default function AirOneWayPage() {
  const { params } = useRouter()
  const dep = params.dep ?? ''
  const arr = params.arr ?? ''
  const [date, setDate] = useState(params.date ?? '')
  // the names the search form showed, when this search came from it
  const searched = useAppStore((s) => s.airRecentSearches.find((r) => r.dep.code === dep && r.arr.code === arr))
  const { t } = useI18n()
  // an address without a whole search (a link cut short): back to the search form
  const whole = !!dep && !!arr && /^\d{4}-\d{2}-\d{2}$/.test(date)
  return (
    <PageLayout route='airOneWay' navRight={<LanguageSwitch />}>
      {whole ? (
        <FlightList
          depCode={dep}
          arrCode={arr}
          date={date}
          depName={searched && { zh: searched.dep.nameZh, en: searched.dep.nameEn }}
          arrName={searched && { zh: searched.arr.nameZh, en: searched.arr.nameEn }}
          onDate={setDate}
          onBook={(flight, cabin) => void navigateTo('airReservation', flightQuery(refOf(flight), cabin.cabinCode))}
        />
      ) : (
        <Notice icon='✈' text={t('air.list.badSearch')} action={{ label: t('air.inquiry.search'), onClick: () => void redirectTo('airInquiry') }} />
      )}
    </PageLayout>
  )
}
